import { NextResponse } from "next/server";
import { allowedOrigins, CROSS_SITE_MESSAGE } from "@/lib/http/same-origin";

// Server actions are posts to a page with a Next-Action header. Next.js checks
// Origin against Host itself, but answers a refused, oversized or malformed
// call with a 500. The proxy runs this first so such a call gets a 4xx, and
// the action never runs. (The HTTP server's request guard checks the headers
// again before Next.js; this one also runs under `next dev`.)

/** Next.js's default server-action body limit. */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;

const ACTION_CONTENT_TYPES = new Set(["text/plain", "multipart/form-data", "application/x-www-form-urlencoded"]);

function plain(status: number, message: string) {
  return new NextResponse(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function isServerActionPost(request: Request): boolean {
  return request.method === "POST" && request.headers.has("next-action");
}

function originAllowed(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) {
    // Browsers always send Origin with a POST; without one only a cookie-less client is let through.
    return !request.headers.get("cookie")?.trim();
  }
  if (allowedOrigins(request).has(origin)) return true;
  // Next.js compares Origin with the host the request was sent to.
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  try {
    return origin !== "null" && Boolean(host) && new URL(origin).host.toLowerCase() === host!.toLowerCase();
  } catch {
    return false;
  }
}

// In a JSON (text/plain) reply React writes a string that starts with "$" as
// "$$…", and uses "$" markers only for values that need no other part: these.
// Any other marker ("$Q1", "$@3", "$K2", "$1:then", …) points at a part of a
// multipart body that a plain body cannot have, and React's decoder fails on
// it with a 500.
const PLAIN_VALUE_MARKER = /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|n-?\d+$|D)/;

function hasDanglingReference(value: unknown): boolean {
  if (typeof value === "string") return value.startsWith("$") && !PLAIN_VALUE_MARKER.test(value);
  if (Array.isArray(value)) return value.some(hasDanglingReference);
  if (value && typeof value === "object") return Object.values(value).some(hasDanglingReference);
  return false;
}

/** The 4xx to answer for a server-action post Next.js would fail with a 500, or null to go on. */
export async function refuseBadServerAction(request: Request): Promise<NextResponse | null> {
  if (!isServerActionPost(request)) return null;
  if (!originAllowed(request)) return plain(403, CROSS_SITE_MESSAGE);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!Number.isFinite(declared) || declared > SERVER_ACTION_BODY_LIMIT)
    return plain(413, "Request body is too large (1 MB at most).");

  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
  if (!ACTION_CONTENT_TYPES.has(type)) return plain(415, "Unsupported content type for a server action.");

  let bytes: ArrayBuffer;
  try {
    bytes = await request.clone().arrayBuffer();
  } catch {
    return plain(400, "Could not read the request body.");
  }
  if (bytes.byteLength > SERVER_ACTION_BODY_LIMIT) return plain(413, "Request body is too large (1 MB at most).");

  if (type === "text/plain") {
    // React sends the action's arguments as a JSON array.
    try {
      const args: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      if (!Array.isArray(args)) return plain(400, "Bad request: a server action takes a JSON array of arguments.");
      if (hasDanglingReference(args)) return plain(400, "Bad request: malformed server action body.");
    } catch {
      return plain(400, "Bad request: malformed server action body.");
    }
  } else if (type === "multipart/form-data") {
    try {
      await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return plain(400, "Bad request: malformed server action body.");
    }
  }
  return null;
}
