import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { DIRECTIVE, importsOf, withoutComments } from "../support/client-keys";

// No browser code reaches a Node built-in. The bundler does not refuse one: it
// packs a polyfill instead (node:crypto alone is about 140 KB gzipped, with
// bn.js, elliptic and a stream library), and the page's first load carries it.
// This walks each "use client" module's value imports (`import type` carries no
// code; a "use server" module is a reference in the browser) and names the
// chain to any built-in it reaches. docs/performance.md, "JavaScript a visitor loads".
const ROOT = process.cwd();
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const read = (file: string) => withoutComments(readFileSync(file, "utf8"));

/** Each chain from a client module to a Node built-in, as "a → b → node:crypto". */
function builtinChains(entry: string): string[] {
  const chains: string[] = [];
  const seen = new Set<string>();
  const queue: string[][] = [[entry]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1]!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = read(file);
    if (file !== entry && DIRECTIVE.exec(source)?.[1] === "server") continue;
    for (const { specifier, target } of importsOf(file, source)) {
      if (BUILTINS.has(specifier))
        chains.push([...chain, specifier].map((f) => (f.startsWith(ROOT) ? path.relative(ROOT, f) : f)).join(" → "));
      else if (target) queue.push([...chain, target]);
    }
  }
  return chains;
}

const clientModules = ["app", "components", "lib"]
  .flatMap((dir) => sources(path.join(ROOT, dir)))
  .filter((file) => DIRECTIVE.exec(read(file))?.[1] === "client");

test("finds the client modules", () => expect(clientModules.length).toBeGreaterThan(50));

test("no client module reaches a Node built-in", () => {
  expect(clientModules.flatMap(builtinChains)).toEqual([]);
});
