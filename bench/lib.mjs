// Helpers shared by the benchmark scripts (not tests: they print figures).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export { freePort } from "../scripts/lib/loopback.mjs";

export function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

export async function ensureBuild() {
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("No production build: running next build…");
    await run(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"]);
  }
}

/** Starts `npm start` (scripts/start.mjs) and resolves with the child once the process is spawned. */
export function startApp(env) {
  return spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function waitFor200(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export async function stopApp(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

/** Total gzip size (bytes) of the JavaScript a page loads via <script src>. */
export async function pageJsGzipBytes(url) {
  const html = await (await fetch(url)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1], url).href);
  const unique = [...new Set(sources)];
  let total = 0;
  for (const src of unique) total += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer())).length;
  return { bytes: total, files: unique.length };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
