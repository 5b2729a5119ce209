import { readFileSync } from "node:fs";
import path from "node:path";

// Server actions of the production build, and a call of one over HTTP the way
// the browser makes it: POST to a page that uses it, `Next-Action: <id from
// the build's manifest>`, the arguments as a JSON array in a text/plain body,
// answered as an RSC stream. (server-actions.ts is the agreed
// callServerAction(instanceUrl, actionName, args, { cookie }) on top of this.)

const root = path.resolve(__dirname, "../../..");

export type ActionEntry = { id: string; name: string; file: string; pages: string[] };

type Manifest = {
  node: Record<string, { exportedName?: string; filename?: string; workers: Record<string, unknown> }>;
};

let cached: ActionEntry[] | null = null;

/** Every server action of the production build (.next/server/server-reference-manifest.json). */
export function builtActions(): ActionEntry[] {
  if (cached) return cached;
  const manifest = JSON.parse(
    readFileSync(path.join(root, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as Manifest;
  cached = Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    name: entry.exportedName ?? "",
    file: entry.filename ?? "",
    pages: Object.keys(entry.workers),
  }));
  return cached;
}

export function actionEntry(actionName: string): ActionEntry {
  const matches = builtActions().filter((a) => a.name === actionName);
  if (matches.length !== 1)
    throw new Error(`server action ${actionName}: ${matches.length} entries in the build's manifest`);
  return matches[0]!;
}

/** "app/(site)/[locale]/dashboard/business/[id]/page" → "/dashboard/business/x" (a page that loads the action). */
export function pagePathOf(worker: string, fill = "x"): string {
  const segments = worker
    .replace(/^app/, "")
    .replace(/\/page$/, "")
    .split("/")
    .filter(Boolean);
  const filled = segments
    // Route groups are not in the address, nor the site's [locale]: the proxy fills that in.
    .filter((s) => !/^\(.*\)$/.test(s) && s !== "[locale]")
    .map((s) => (/^\[\[\.\.\..+\]\]$/.test(s) ? "" : /^\[.+\]$/.test(s) ? fill : s))
    .filter(Boolean);
  return "/" + filled.join("/");
}

export type ActionResponse = {
  status: number;
  contentType: string;
  text: string;
  /** The action's return value (the RSC row that carries it), when the answer is one. */
  result: unknown;
  ms: number;
};

export type ActionOptions = {
  cookie?: string;
  /** Raw body instead of JSON.stringify(args) (for malformed-body sweeps). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  /** The page to post to (default: the first page that uses the action). */
  pagePath?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/** The action's return value from an RSC answer: the row after the `0:` header row. */
export function parseResult(text: string): unknown {
  const rows = text.split("\n").filter(Boolean);
  for (const row of rows) {
    const match = /^1:(.*)$/s.exec(row);
    if (!match) continue;
    try {
      return JSON.parse(match[1]!);
    } catch {
      return match[1];
    }
  }
  return undefined;
}

export async function postAction(
  instanceUrl: string,
  actionName: string,
  args: unknown[],
  options: ActionOptions = {},
): Promise<ActionResponse> {
  const entry = actionEntry(actionName);
  const page = options.pagePath ?? pagePathOf(entry.pages[0]!);
  const headers: Record<string, string> = {
    "Next-Action": entry.id,
    "content-type": options.contentType ?? "text/plain;charset=UTF-8",
    Accept: "text/x-component",
    Origin: instanceUrl,
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  const started = Date.now();
  const response = await fetch(instanceUrl + page, {
    method: "POST",
    headers,
    body: options.rawBody ?? JSON.stringify(args),
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    contentType,
    text,
    result: contentType.includes("text/x-component") ? parseResult(text) : undefined,
    ms: Date.now() - started,
  };
}
