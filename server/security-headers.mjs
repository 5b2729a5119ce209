// Security headers on every response the server sends: pages, API answers,
// static files, redirects and errors. The Content-Security-Policy carries a
// fresh nonce per request; html-nonce.mjs puts that nonce on the page's
// <script> tags.
import { randomBytes } from "node:crypto";

export function newNonce() {
  return randomBytes(16).toString("base64");
}

function isHttps(env) {
  return [env.SITE_URL, env.AUTH_URL].some((url) => typeof url === "string" && url.startsWith("https://"));
}

/**
 * The policy's fixed parts, computed once from the environment. Google Maps
 * (the business wizard's place search) and Google sign-in are allowed only
 * when they are configured.
 */
/** @param {Record<string, string | undefined>} [env] */
export function cspTemplate(env = process.env) {
  const dev = env.NODE_ENV === "development";
  const maps = Boolean(env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY);
  const google = Boolean(env.AUTH_GOOGLE_ID);
  const mapsHosts =
    "https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.googleusercontent.com";
  const directives = [
    ["default-src", "'self'"],
    // 'strict-dynamic': scripts a nonce'd script loads (Next's chunks, the
    // Maps loader's script) run too; host lists are ignored by browsers that
    // know it, and listed for the ones that do not.
    [
      "script-src",
      `'self' 'nonce-{NONCE}' 'strict-dynamic'${maps ? " https://maps.googleapis.com" : ""}${dev ? " 'unsafe-eval'" : ""}`,
    ],
    // Next.js and React put inline style attributes and <style> tags in pages.
    ["style-src", `'self' 'unsafe-inline'${maps ? " https://fonts.googleapis.com" : ""}`],
    // Business logos are links to any https host.
    ["img-src", `'self' data: blob: https:`],
    ["font-src", `'self' data:${maps ? " https://fonts.gstatic.com" : ""}`],
    ["connect-src", `'self'${maps ? ` ${mapsHosts}` : ""}`],
    ["frame-src", maps ? "https://*.google.com" : "'none'"],
    ["worker-src", "'self' blob:"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    // A no-JavaScript Google sign-in posts a form that redirects to Google.
    ["form-action", `'self'${google ? " https://accounts.google.com" : ""}`],
    ["frame-ancestors", "'none'"],
  ];
  if (isHttps(env)) directives.push(["upgrade-insecure-requests", ""]);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join("; ");
}

/**
 * Returns a function that sets the headers on a response for one nonce. The
 * fixed headers are computed once.
 */
/** @param {Record<string, string | undefined>} [env] */
export function securityHeaders(env = process.env) {
  const template = cspTemplate(env);
  const [before, after] = template.split("{NONCE}");
  const fixed = [
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // Nothing in the app uses these; the camera stays off too (QR codes are shown, not scanned).
    // Passkeys (WebAuthn) work on our own pages only, never in a frame of another site.
    [
      "Permissions-Policy",
      "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-create=(self), publickey-credentials-get=(self), serial=(), usb=(), xr-spatial-tracking=(), browsing-topics=()",
    ],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (isHttps(env)) fixed.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return function apply(response, nonce) {
    for (const [name, value] of fixed) response.setHeader(name, value);
    response.setHeader("Content-Security-Policy", before + nonce + after);
  };
}
