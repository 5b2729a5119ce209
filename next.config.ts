import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DOTTED_PATH_REWRITES } from "./lib/i18n/site-path";
import { cardRewrites } from "./lib/business/card-rewrites";
import { visitorTapRewrites } from "./lib/nfc/visitor-tap";

// The migrations this build expects, for GET /api/health (lib/db/health.ts):
// recorded at build time, so the built app knows them without its sources.
function migrationNames(): string {
  try {
    return readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .join(",");
  } catch {
    return "";
  }
}

const nextConfig: NextConfig = {
  async rewrites() {
    // The visitor's cached tap page and the card, in the reader's language
    // (lib/nfc/visitor-tap.ts says why rewrites); a dotted path nothing serves, to
    // the not-found page (lib/i18n/site-path.ts).
    return {
      beforeFiles: [...visitorTapRewrites, ...cardRewrites],
      afterFiles: DOTTED_PATH_REWRITES,
      fallback: [],
    };
  },
  reactStrictMode: true,
  // No root layout sits at app/ (each route group has its own, docs/i18n.md):
  // app/global-not-found.tsx renders a URL that matches no route.
  experimental: { globalNotFound: true },
  poweredByHeader: false,
  // The production server (server/index.mjs) compresses: it must see the HTML
  // uncompressed to put the CSP nonce on its scripts.
  compress: false,
  env: { LOYALTAP_MIGRATIONS: migrationNames() },
  // The Prisma client, pg, PGlite and the Redis client stay plain Node modules on the server.
  serverExternalPackages: [
    "pg",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@node-rs/argon2",
    "@redis/client",
  ],
  // Next.js's cache (data cache and cached pages): in Redis when REDIS_URL is
  // set at run time, so every instance shares it; otherwise Next.js's own
  // file-system cache (server/cache-handler.mjs). Next.js keeps no in-memory
  // copy in front of a custom handler, so cacheMaxMemorySize stays as it is:
  // it only sizes the file-system cache's memory layer.
  cacheHandler: fileURLToPath(new URL("./server/cache-handler.mjs", import.meta.url)),
  // Lets tests and the benchmark build into their own folder without touching a developer's .next
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

// next-intl's request config lives with the rest of the i18n code (docs/i18n.md).
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default withNextIntl(nextConfig);
