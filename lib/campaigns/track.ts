import "server-only";
import { readLink } from "@/lib/campaigns/tracking";
import { markClicked, markOpened, recipientBusinessSlug } from "@/lib/db/campaign-recipients";
import { siteUrl } from "@/lib/site";

// The open pixel and the click redirect of a campaign's message
// (docs/campaigns.md, "Tracking"). The redirect's target is not in the link:
// it is always the recipient's card page on this site, so the address can
// never send anyone elsewhere.

// A transparent 1×1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function openPixel(token: string | null, now = new Date()): Promise<Response> {
  const link = readLink(token, "open");
  if (link) await markOpened(link.recipientId, now);
  return new Response(new Uint8Array(PIXEL), {
    headers: { "content-type": "image/gif", "cache-control": "no-store, max-age=0" },
  });
}

export async function clickRedirect(token: string | null, now = new Date()): Promise<Response> {
  const link = readLink(token, "click");
  const slug = link
    ? ((await markClicked(link.recipientId, now))?.slug ?? (await recipientBusinessSlug(link.recipientId)))
    : null;
  const target = slug ? `${siteUrl()}/b/${encodeURIComponent(slug)}` : `${siteUrl()}/`;
  return new Response(null, { status: 303, headers: { location: target, "cache-control": "no-store" } });
}
