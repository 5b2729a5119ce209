// Integration tests run against a real database: TEST_DATABASE_URL (a real
// PostgreSQL, as in CI) or an in-memory PGlite in a child process started here.
// Either way the migrations are applied first, as `npm run db:migrate` does.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { EMBEDDED_DATABASE_ENV } from "../../scripts/db/embedded-env.mjs";

async function startEmbeddedProcess() {
  const child = spawn(process.execPath, ["scripts/db/serve-embedded.mjs"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const [line] = await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(() => {
      throw new Error("The embedded test database did not start");
    }),
  ]);
  lines.close();
  return { child, url: JSON.parse(line).url };
}

export default async function globalSetup() {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedProcess();
    globalThis.__LOYALTAP_TEST_DB__ = embedded.child;
    url = embedded.url;
    Object.assign(process.env, EMBEDDED_DATABASE_ENV);
  }
  // In a child process, as `npm run db:migrate`: the engine's WASM and pg pool
  // would otherwise keep jest's parent process alive after the run.
  await promisify(execFile)(process.execPath, ["scripts/db.mjs", "migrate"], {
    env: { ...process.env, DATABASE_URL: url },
  });
  // Workers are started after this and inherit the environment.
  process.env.DATABASE_URL = url;
}
