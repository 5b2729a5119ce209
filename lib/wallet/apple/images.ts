import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { fetchRemoteImage } from "@/lib/wallet/apple/remote-image";

// The pass's pictures besides the strip: the icon (the app's, on the lock
// screen and in notifications) and the logo (the business's, top left of the
// card). The logo is fetched from the URL its owner gave, under the rules of
// remote-image.ts, and kept in this process for an hour; when it cannot be
// had, the app's icon stands in.

export type PassImages = Record<string, Buffer>;

const APP_ICON = path.join(process.cwd(), "public", "icons", "icon-512.png");

// Apple's sizes in points: the icon 29 × 29, the logo at most 160 × 50.
const ICON_SIZE = 29;
const LOGO_BOX = { width: 160, height: 50 };

const LOGO_TTL_MS = 60 * 60 * 1000;
// A logo that could not be had is tried again sooner: the owner may be fixing it.
const FAILED_LOGO_TTL_MS = 5 * 60 * 1000;
const MAX_CACHED_LOGOS = 500;
// A decoded image larger than this is a decompression bomb, not a logo.
const MAX_INPUT_PIXELS = 4096 * 4096;

let appIcon: Promise<Buffer> | null = null;

function appIconSource(): Promise<Buffer> {
  appIcon ??= readFile(APP_ICON).catch((error: unknown) => {
    appIcon = null;
    throw error;
  });
  return appIcon;
}

function squarePng(source: Buffer, size: number): Promise<Buffer> {
  return sharp(source).resize(size, size, { fit: "cover" }).png().toBuffer();
}

function logoPng(source: Buffer, scale: number): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .resize(LOGO_BOX.width * scale, LOGO_BOX.height * scale, { fit: "inside" })
    .png()
    .toBuffer();
}

/** icon.png, icon@2x.png, icon@3x.png: the app's icon. */
export async function iconImages(): Promise<PassImages> {
  const source = await appIconSource();
  const [one, two, three] = await Promise.all([1, 2, 3].map((scale) => squarePng(source, ICON_SIZE * scale)));
  return { "icon.png": one!, "icon@2x.png": two!, "icon@3x.png": three! };
}

async function logoFrom(source: Buffer): Promise<PassImages> {
  const [one, two, three] = await Promise.all([1, 2, 3].map((scale) => logoPng(source, scale)));
  return { "logo.png": one!, "logo@2x.png": two!, "logo@3x.png": three! };
}

type CachedLogo = { expires: number; images: Promise<PassImages | null> };
const logoCache = new Map<string, CachedLogo>();

/** Forgets the logos kept in this process (tests). */
export function forgetLogos(): void {
  logoCache.clear();
}

async function fetchLogo(url: URL, siteOrigin: string): Promise<PassImages | null> {
  try {
    const { body } = await fetchRemoteImage(url, { siteOrigin });
    return await logoFrom(body);
  } catch (error) {
    // The owner's URL, not a secret; the reason helps them (and us) see why the card shows our icon.
    console.warn(`Apple Wallet: the logo at ${url.toString()} is not used: ${(error as Error).message}`);
    return null;
  }
}

/**
 * logo.png, logo@2x.png, logo@3x.png: the business's logo at `logoUrl` (a
 * path is taken on our site), or the app's icon when there is none or it
 * cannot be had.
 */
export async function logoImages(logoUrl: string | null, siteOrigin: string, now = Date.now()): Promise<PassImages> {
  let url: URL | null = null;
  if (logoUrl) {
    try {
      url = new URL(logoUrl, `${siteOrigin}/`);
    } catch {
      url = null;
    }
  }
  if (url) {
    const key = url.toString();
    let cached = logoCache.get(key);
    if (!cached || cached.expires <= now) {
      const images = fetchLogo(url, siteOrigin);
      cached = { expires: now + LOGO_TTL_MS, images };
      logoCache.delete(key);
      logoCache.set(key, cached);
      const entry = cached;
      void images.then((result) => {
        if (!result) entry.expires = Math.min(entry.expires, now + FAILED_LOGO_TTL_MS);
      });
      // The oldest entries go first (a Map keeps insertion order).
      while (logoCache.size > MAX_CACHED_LOGOS) logoCache.delete(logoCache.keys().next().value!);
    }
    const images = await cached.images;
    if (images) return images;
  }
  return logoFrom(await appIconSource());
}
