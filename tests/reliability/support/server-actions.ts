import { readFileSync } from "node:fs";
import path from "node:path";

// Calls a server action of the running production build over HTTP, the way
// React's client does: POST with `Next-Action: <action id>` and the arguments
// as a JSON array; the answer is a React Server Components (RSC) payload whose
// row 0 names the row that holds the action's return value.

const root = path.resolve(__dirname, "../../..");

type ManifestEntry = { exportedName?: string; filename?: string; workers?: Record<string, unknown> };
type Manifest = { node: Record<string, ManifestEntry> };

let manifest: Manifest | null = null;

function readManifest(): Manifest {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  manifest ??= JSON.parse(
    readFileSync(path.join(root, distDir, "server", "server-reference-manifest.json"), "utf8"),
  ) as Manifest;
  return manifest;
}

/** The id the build gave an exported server action; `file` (e.g. "app/dashboard/redeem-reward/actions.ts") picks among equal names. */
export function serverActionId(actionName: string, file?: string): string {
  const matches = Object.entries(readManifest().node).filter(
    ([, entry]) => entry.exportedName === actionName && (!file || entry.filename === file),
  );
  if (matches.length !== 1) {
    throw new Error(
      `server action ${actionName}${file ? ` in ${file}` : ""}: ${matches.length} matches in the build's server-reference-manifest.json`,
    );
  }
  return matches[0]![0];
}

export type ServerActionResponse<T = unknown> = {
  status: number;
  /** The action's return value (undefined when the answer holds none, e.g. a redirect or an error). */
  result: T | undefined;
  /** The raw RSC payload, for assertions on errors. */
  text: string;
  headers: Headers;
};
export type ActionResponse = ServerActionResponse;

/** The value of the row that row 0's `a` points to ("$@1" → row 1). */
function actionResult(text: string): unknown {
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]+):(.*)$/.exec(line);
    if (match) rows.set(match[1]!, match[2]!);
  }
  const head = rows.get("0");
  if (!head) return undefined;
  let reference: unknown;
  try {
    reference = (JSON.parse(head) as { a?: unknown }).a;
  } catch {
    return undefined;
  }
  if (typeof reference !== "string" || !reference.startsWith("$@")) return reference;
  const row = rows.get(reference.slice(2));
  if (row === undefined) return undefined;
  try {
    return JSON.parse(row);
  } catch {
    return undefined;
  }
}

export type ServerActionOptions = {
  /** Session cookie header (`authjs.session-token=…`). */
  cookie?: string;
  /** The page the action is posted to, as a browser would from that page; any page of the app serves it. */
  path?: string;
  /** Disambiguates an action name exported by two files. */
  file?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Invokes `actionName` with `args` on the instance at `instanceUrl`, signed in
 * with `cookie` when given. Same-origin, as the app's own pages call it.
 */
export async function callServerAction<T = unknown>(
  instanceUrl: string,
  actionName: string,
  args: unknown[],
  options: ServerActionOptions = {},
): Promise<ServerActionResponse<T>> {
  const response = await fetch(new URL(options.path ?? "/", instanceUrl), {
    method: "POST",
    headers: {
      "next-action": serverActionId(actionName, options.file),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: new URL(instanceUrl).origin,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: JSON.stringify(args),
    redirect: "manual",
    signal: options.signal,
  });
  const text = await response.text();
  return { status: response.status, result: actionResult(text) as T | undefined, text, headers: response.headers };
}
