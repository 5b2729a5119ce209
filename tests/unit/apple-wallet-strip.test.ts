import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { resolveTheme } from "@/lib/business/theme";
import { passColorsFor } from "@/lib/wallet/apple/pass-json";
import { drawStampStrip, MAX_DRAWN_STAMPS, stampLayout, stampPositions } from "@/lib/wallet/apple/strip";

// The stamp strip of an Apple Wallet store card (lib/wallet/apple/strip.ts),
// compared with the committed pictures under __snapshots__ (look at them:
// they are what a customer sees). UPDATE_STRIP_SNAPSHOTS=1 writes them anew.

const SNAPSHOTS = path.join(__dirname, "__snapshots__");
// The default theme: an indigo card with white text.
const colors = passColorsFor(resolveTheme({}));

type Raw = { data: Buffer; width: number; height: number };

async function raw(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels that differ by more than anti-aliasing could (a rasteriser's rounding moves a channel by a step or two). */
function differingPixels(a: Raw, b: Raw): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[i + c]! - b.data[i + c]!) > 8) {
        count++;
        break;
      }
    }
  }
  return count;
}

describe("the stamp strip", () => {
  test.each([0, 3, 10])("%i of 10 stamps looks as committed", async (filled) => {
    const drawn = await drawStampStrip({ filled, total: 10, colors }, 2);
    const file = path.join(SNAPSHOTS, `apple-wallet-strip-${filled}-of-10@2x.png`);
    if (process.env.UPDATE_STRIP_SNAPSHOTS === "1") {
      mkdirSync(SNAPSHOTS, { recursive: true });
      writeFileSync(file, drawn);
    }
    expect(differingPixels(await raw(drawn), await raw(readFileSync(file)))).toBe(0);
  });

  test("each stamp earned changes the picture", async () => {
    const zero = await raw(await drawStampStrip({ filled: 0, total: 10, colors }, 1));
    const one = await raw(await drawStampStrip({ filled: 1, total: 10, colors }, 1));
    const two = await raw(await drawStampStrip({ filled: 2, total: 10, colors }, 1));
    expect(differingPixels(zero, one)).toBeGreaterThan(300);
    expect(differingPixels(one, two)).toBeGreaterThan(300);
  });

  test("is Apple's strip size at @1x, @2x and @3x", async () => {
    for (const [scale, width, height] of [
      [1, 375, 123],
      [2, 750, 246],
      [3, 1125, 369],
    ] as const) {
      const png = await drawStampStrip({ filled: 3, total: 10, colors }, scale);
      expect(await sharp(png).metadata()).toMatchObject({ format: "png", width, height });
    }
  });

  test("the business's colours: an earned stamp is the card's text colour on the card's colour", async () => {
    const yellow = passColorsFor(resolveTheme({ primaryColor: "#facc15" }));
    const strip = await raw(await drawStampStrip({ filled: 10, total: 10, colors: yellow }, 1));
    // The first disc left of its tick: the dark text colour #111827.
    const { radius, centres } = stampPositions(10);
    const x = Math.round(centres[0]!.cx - radius * 0.7);
    const y = Math.round(centres[0]!.cy);
    const at = 4 * (y * strip.width + x);
    expect([...strip.data.subarray(at, at + 3)]).toEqual([0x11, 0x18, 0x27]);
    // Between the discs: the yellow card's band, not the text colour.
    const between = 4 * (y * strip.width + Math.round((centres[0]!.cx + centres[1]!.cx) / 2));
    expect(strip.data[between]).toBeGreaterThan(200);
  });

  test("stamps sit in the grid that makes them largest; a long card becomes a bar", async () => {
    expect(stampLayout(10)).toMatchObject({ rows: 2, cols: 5 });
    expect(stampLayout(5)).toMatchObject({ rows: 1, cols: 5 });
    expect(stampLayout(20).diameter).toBeGreaterThan(15);
    const many = await drawStampStrip({ filled: 30, total: MAX_DRAWN_STAMPS + 20, colors }, 1);
    expect(await sharp(many).metadata()).toMatchObject({ width: 375, height: 123 });
    // More stamps earned than the card has: drawn as a full card, not more discs.
    const over = await raw(await drawStampStrip({ filled: 14, total: 10, colors }, 1));
    const full = await raw(await drawStampStrip({ filled: 10, total: 10, colors }, 1));
    expect(differingPixels(over, full)).toBe(0);
  });
});
