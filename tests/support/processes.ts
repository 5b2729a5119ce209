import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { promisify } from "node:util";

export const execFileAsync = promisify(execFile);

/** Starts scripts/db/serve-embedded.mjs (PGlite in its own process); resolves with its URL. */
export async function startEmbeddedProcess(dataDir?: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["scripts/db/serve-embedded.mjs"], {
    env: { ...process.env, LOYALTAP_DATA_DIR: dataDir ?? "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, "line")) as [string];
  lines.close();
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

/** Ctrl-C, then wait for a clean exit. */
export async function interrupt(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, "exit");
  child.kill("SIGINT");
  const [code] = (await exited) as [number | null];
  return code;
}
