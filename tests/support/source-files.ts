import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The app's own source files, for the tests that check a rule over all of them
// (server actions, schema messages, settings readers). Paths are relative to
// the repository's root; the generated Prisma client is left out.

export const repoRoot = path.resolve(__dirname, "../..");

/** Every .ts and .tsx file below `dir` (relative to the root), lib/generated left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

// A module is a server actions module when its first statement is "use server".
const USE_SERVER = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*["']use server["']/;

/** The "use server" modules of app/, components/ and lib/, sorted. */
export function serverActionModules(): string[] {
  return ["app", "components", "lib"]
    .flatMap(sourceFiles)
    .filter((file) => USE_SERVER.test(readFileSync(path.join(repoRoot, file), "utf8")))
    .sort();
}
