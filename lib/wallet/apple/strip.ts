import sharp from "sharp";
import { mixColors, type PassColors } from "@/lib/wallet/apple/pass-json";

// The stamp card's strip: the image Wallet shows across a store card under its
// header, drawn here as SVG and rasterised by sharp. The stamps earned are
// solid discs with a tick, the ones to go are rings, and the last one (the
// reward) holds a star until it is earned. Pure: same input, same pixels.

/** The strip's size at @1x, in points (Apple's store card strip: 375 × 123). */
export const STRIP_WIDTH = 375;
export const STRIP_HEIGHT = 123;

/** Beyond this many stamps the discs would be too small to read: a bar shows the share instead. */
export const MAX_DRAWN_STAMPS = 40;

export type StripInput = { filled: number; total: number; colors: Pick<PassColors, "background" | "foreground"> };

type Layout = { rows: number; cols: number; diameter: number };

/** The grid that gives the largest discs for `total` stamps in the strip (at @1x). */
export function stampLayout(total: number): Layout {
  const padX = 20;
  const padY = 14;
  let best: Layout = { rows: 1, cols: total, diameter: 0 };
  for (let rows = 1; rows <= Math.min(total, 5); rows++) {
    const cols = Math.ceil(total / rows);
    // Each disc takes 80% of its cell: the rest is the gap between discs.
    const diameter = Math.min(((STRIP_WIDTH - 2 * padX) / cols) * 0.8, ((STRIP_HEIGHT - 2 * padY) / rows) * 0.8);
    if (diameter > best.diameter) best = { rows, cols, diameter };
  }
  return best;
}

function star(cx: number, cy: number, radius: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? radius : radius * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** Where each stamp's disc sits in the strip (at @1x), in order, and how large the discs are. */
export function stampPositions(total: number): { radius: number; centres: { cx: number; cy: number }[] } {
  const { rows, cols, diameter } = stampLayout(total);
  // The discs stay a group in the middle, at most half a disc apart, rather than spread to the edges.
  const cellW = Math.min((STRIP_WIDTH - 40) / cols, diameter * 1.5);
  const cellH = (STRIP_HEIGHT - 28) / rows;
  const left = (STRIP_WIDTH - cellW * cols) / 2;
  const centres = Array.from({ length: total }, (_, i) => {
    const row = Math.floor(i / cols);
    // The last row is centred when it is not full.
    const inRow = row === rows - 1 ? total - row * cols : cols;
    const offset = ((cols - inRow) * cellW) / 2;
    return { cx: left + offset + cellW * (i % cols) + cellW / 2, cy: 14 + cellH * row + cellH / 2 };
  });
  return { radius: diameter / 2, centres };
}

/** The strip as SVG at @1x coordinates (scaled by the viewBox). */
export function stripSvg({ filled, total, colors }: StripInput, scale: number): string {
  const width = STRIP_WIDTH * scale;
  const height = STRIP_HEIGHT * scale;
  const { background, foreground } = colors;
  // A shade darker than the card (or lighter on a dark card), so the strip reads as its own band.
  const band = mixColors(background, foreground === "#ffffff" ? "#000000" : "#ffffff", 0.14);
  const ring = mixColors(foreground, band, 0.45);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${STRIP_WIDTH} ${STRIP_HEIGHT}">`;
  const backdrop =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${band}"/><stop offset="1" stop-color="${mixColors(band, background, 0.5)}"/>` +
    `</linearGradient></defs><rect width="${STRIP_WIDTH}" height="${STRIP_HEIGHT}" fill="url(#g)"/>`;
  const count = Math.max(0, Math.min(filled, total));
  if (total > MAX_DRAWN_STAMPS) {
    const barWidth = STRIP_WIDTH - 60;
    const share = count / total;
    return (
      head +
      backdrop +
      `<rect x="30" y="52" width="${barWidth}" height="20" rx="10" fill="none" stroke="${ring}" stroke-width="2"/>` +
      (share > 0
        ? `<rect x="30" y="52" width="${Math.max(20, barWidth * share).toFixed(2)}" height="20" rx="10" fill="${foreground}"/>`
        : "") +
      `</svg>`
    );
  }
  const { radius: r, centres } = stampPositions(total);
  const stroke = Math.max(1.5, r * 0.12);
  const shapes: string[] = [];
  for (const [i, { cx, cy }] of centres.entries()) {
    const f = (n: number) => n.toFixed(2);
    if (i < count) {
      shapes.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${foreground}"/>` +
          `<path d="M${f(cx - r * 0.42)} ${f(cy + r * 0.02)} L${f(cx - r * 0.12)} ${f(cy + r * 0.32)} L${f(cx + r * 0.44)} ${f(cy - r * 0.3)}" ` +
          `fill="none" stroke="${background}" stroke-width="${f(r * 0.2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    } else {
      shapes.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - stroke / 2)}" fill="${foreground}" fill-opacity="0.08" stroke="${ring}" stroke-width="${f(stroke)}"/>`,
      );
      if (i === total - 1) shapes.push(`<polygon points="${star(cx, cy, r * 0.48)}" fill="${ring}"/>`);
    }
  }
  return head + backdrop + shapes.join("") + `</svg>`;
}

/** The strip as PNG at `scale` (1 → 375 × 123, 2 → 750 × 246, 3 → 1125 × 369). */
export async function drawStampStrip(input: StripInput, scale: 1 | 2 | 3 = 1): Promise<Buffer> {
  return sharp(Buffer.from(stripSvg(input, scale)))
    .resize(STRIP_WIDTH * scale, STRIP_HEIGHT * scale)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
