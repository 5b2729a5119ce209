import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// What the app serves, read from the app/ tree itself, so a new route, page
// or server action shows up here the day it is added: route handlers with
// their exported HTTP methods, pages, metadata routes, and every exported
// function of a "use server" file.

const root = path.resolve(__dirname, "../../..");
const appDir = path.join(root, "app");
const actionsDir = path.join(root, "lib", "actions");

export type Inventory = {
  /** "GET /api/tap", "POST /api/auth/[...nextauth]", "GET /b/[slug]/opengraph-image", … */
  routes: string[];
  /** "/dashboard/business/[id]", … */
  pages: string[];
  /** Exported names of "use server" files ("createProgramAction", …). */
  actions: string[];
  /** action name → the app/ file that defines it. */
  actionFiles: Record<string, string>;
};

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

// Segments that are not part of the address a browser asks for: route groups,
// the site's [locale] (the proxy fills it in from the reader's language) and the
// card's and visitor tap's optional [[...lang]] (their other languages' addresses).
const NOT_IN_THE_ADDRESS = [/^\(.*\)$/, /^\[locale\]$/, /^\[\[\.\.\.lang\]\]$/];

/** "app/(card)/b/[slug]/[[...lang]]/page.tsx" → "/b/[slug]"; "app/(site)/[locale]/login/page.tsx" → "/login". */
function urlPathOf(file: string): string {
  const segments = path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !NOT_IN_THE_ADDRESS.some((pattern) => pattern.test(s)));
  return "/" + segments.join("/");
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:async\s+)?(?:function|const|let)\s+([A-Z]+)\b/g))
    if (METHODS.includes(m[1]!)) found.add(m[1]!);
  // `export { GET } from …`, `export { x as GET }` and `export const { GET, POST } = handlers`.
  for (const m of source.matchAll(/export\s+(?:(?:const|let)\s*)?\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+|\s*:\s*/)
        .pop()!
        .trim();
      if (METHODS.includes(name)) found.add(name);
    }
  }
  return [...found].sort();
}

// Metadata files Next.js serves as GET routes, and the URL each one answers at.
const METADATA_ROUTES: Record<string, (dir: string) => string> = {
  "opengraph-image": (dir) => `${dir === "/" ? "" : dir}/opengraph-image`,
  "twitter-image": (dir) => `${dir === "/" ? "" : dir}/twitter-image`,
  icon: (dir) => `${dir === "/" ? "" : dir}/icon`,
  "apple-icon": (dir) => `${dir === "/" ? "" : dir}/apple-icon`,
  manifest: () => "/manifest.webmanifest",
  robots: () => "/robots.txt",
  sitemap: (dir) => `${dir === "/" ? "" : dir}/sitemap.xml`,
};

export function readInventory(): Inventory {
  const routes: string[] = [];
  const pages: string[] = [];
  const actions: string[] = [];
  const actionFiles: Record<string, string> = {};
  // Routes and pages live in app/; server actions in lib/actions (docs/architecture.md), and app/ is walked for
  // them too, so an action left beside a route is still inventoried (and then fails the lint rule).
  for (const file of [...walk(appDir), ...walk(actionsDir)]) {
    const base = path.basename(file);
    const stem = base.replace(/\.(tsx?|jsx?|mjs)$/, "");
    if (!/\.(tsx?|jsx?|mjs)$/.test(base)) continue;
    const source = readFileSync(file, "utf8");
    if (file.startsWith(appDir + path.sep)) {
      const dir = urlPathOf(file);
      if (stem === "route") for (const method of exportedMethods(source)) routes.push(`${method} ${dir}`);
      else if (stem === "page") pages.push(dir);
      else if (METADATA_ROUTES[stem]) routes.push(`GET ${METADATA_ROUTES[stem]!(dir)}`);
    }
    if (/^\s*(\/\/[^\n]*\n\s*)*["']use server["']/.test(source)) {
      for (const m of source.matchAll(/export\s+(?:async\s+function|const|function)\s+([A-Za-z0-9_]+)/g)) {
        actions.push(m[1]!);
        actionFiles[m[1]!] = path.relative(root, file);
      }
    }
  }
  return { routes: routes.sort(), pages: pages.sort(), actions: actions.sort(), actionFiles };
}
