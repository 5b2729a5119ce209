// What a page's client components may translate, found by reading the source: the
// modules a page (or layout) reaches through its imports, from the first "use client"
// module down, and in them every `useTranslations("…")` namespace and every string
// literal that names a message of the English catalog ("validation.tooLong", the keys
// a client form's schema or a client table hands to useKeyTranslator). Each is a
// message path the browser must have (docs/i18n.md, "Catalogs").
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd(); // the repository (jest and the app run from it)
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package: its messages are not ours
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

// Value imports and re-exports (`import type` and `export type` carry no code).
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
export const DIRECTIVE = /^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*["']use (client|server)["']/;
const NAMESPACE = /\buseTranslations\(\s*["']([^"']+)["']/g;
const LITERAL = /["'`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)["'`]/g;

// Block comments and line comments (a `//` after a space or at a line's start: not a URL's).
export const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/[^\n]*/g, "$1");

type Catalog = Record<string, unknown>;
let catalog: Catalog | undefined;
function englishCatalog(): Catalog {
  if (catalog) return catalog;
  const dir = path.join(ROOT, "messages/en");
  catalog = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")))
    catalog[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  return catalog;
}

function isMessagePath(dotted: string): boolean {
  let node: unknown = englishCatalog();
  for (const key of dotted.split(".")) {
    if (!node || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}

/** A module's value imports (comments stripped from `source`): each specifier, and our own module it resolves to, if any. */
export function importsOf(file: string, source: string): { specifier: string; target: string | null }[] {
  return [...source.matchAll(IMPORT)].map((match) => {
    const specifier = (match[1] ?? match[2])!;
    const target = resolveImport(file, specifier);
    return { specifier, target: target && /\.tsx?$/.test(target) ? target : null };
  });
}

/** Message paths (namespace or key) each client module of `entry`'s graph uses, by module. */
export function clientMessagePaths(entry: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const seen = new Map<string, boolean>(); // module → reached as client
  const queue: Array<[string, boolean]> = [[path.resolve(entry), false]];
  while (queue.length > 0) {
    const [file, parentClient] = queue.pop()!;
    const source = withoutComments(readFileSync(file, "utf8"));
    const directive = DIRECTIVE.exec(source)?.[1];
    if (directive === "server") continue; // a server action: the browser gets a reference only
    const client = parentClient || directive === "client";
    if (seen.get(file) === true || (seen.has(file) && !client)) continue;
    seen.set(file, client);
    if (client) {
      const paths = new Set<string>();
      for (const match of source.matchAll(NAMESPACE)) paths.add(match[1]!);
      for (const match of source.matchAll(LITERAL)) if (isMessagePath(match[1]!)) paths.add(match[1]!);
      if (paths.size > 0) used.set(path.relative(ROOT, file), paths);
    }
    for (const { target } of importsOf(file, source)) if (target) queue.push([target, client]);
  }
  return used;
}

/** Whether `sent` (ClientMessages' namespaces, dotted names allowed) holds the message path `used`. */
export function covers(sent: readonly string[], used: string): boolean {
  return sent.some((name) => used === name || used.startsWith(`${name}.`));
}
