import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Cache invalidation lives in one layer: the lib/db functions that write.
// Server actions, route handlers, pages and components never expire a cache
// themselves, and only lib/cache talks to Next.js's cache API.

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const code = ["app", "components", "lib", "server", "proxy.ts"].flatMap((dir) =>
  dir.endsWith(".ts") ? [dir] : sources(dir),
);
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

test("only lib/cache.ts imports next/cache", () => {
  const importers = code.filter((file) => /from\s+["']next\/cache["']/.test(read(file)));
  expect(importers).toEqual(["lib/cache.ts"]);
});

test("only lib/db expires cache tags", () => {
  const callers = code.filter((file) => file !== "lib/cache.ts" && /\bexpireTags\s*\(/.test(read(file)));
  expect(callers.length).toBeGreaterThan(0);
  expect(callers.filter((file) => !file.startsWith("lib/db/"))).toEqual([]);
});
