import type { Instance } from "./cluster";

// Requests whose work is read back from the instance's JSON log (the access
// line's dbQueries, the test-only statements line), matched by X-Request-Id.

export type LoggedRequest = { cookie?: string; method?: string; body?: unknown; bearer?: string };

/** Sends the request (no redirects followed), reads the body, and answers its status and request id. */
export async function sendLogged(
  baseUrl: string,
  path: string,
  init: LoggedRequest = {},
): Promise<{ status: number; requestId: string }> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(new URL(path, baseUrl), {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, requestId: response.headers.get("x-request-id")! };
}

/**
 * The instance's log line of `type` for the request. Log lines are written
 * when the response closes, just after its body arrives: wait a little.
 */
export async function logLineOf<Entry>(instance: Instance, requestId: string, type: string): Promise<Entry> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const line of instance.output.join("").split("\n")) {
      if (!line.includes(requestId) || !line.includes(`"${type}"`)) continue;
      const entry = JSON.parse(line) as { type?: string; requestId?: string };
      if (entry.type === type && entry.requestId === requestId) return entry as Entry;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${type} log line for ${requestId}`);
}

// A stack frame, raw or inside a JSON log line ("\\n    at fn (/path/file.js:1:2)").
const STACK_FRAME = /(?:^|\\n|\n)\s*at (?:async )?\S+.*?(?::\d+:\d+|<anonymous>|\(native\))/;

/**
 * The log entries of an instance's output that carry a stack trace, as "message (× count)":
 * what a request caused must be answered, not logged as a crash.
 */
export function stackTraces(output: string[]): string[] {
  const counts = new Map<string, number>();
  let previous = "";
  for (const line of output.join("").split("\n")) {
    let message = line;
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      message = entry.err?.message ?? entry.msg ?? line;
    } catch {
      // A line that is not JSON is named as it is.
    }
    let first = message.split("\n", 1)[0]!.trim();
    if (STACK_FRAME.test(line)) {
      // A stack logged on its own line is named by the line before it (Auth.js logs them so).
      if (first.startsWith("at ")) first = `${previous} / ${first}`;
      const key = first.slice(0, 200);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    previous = first.slice(0, 120);
  }
  return [...counts].map(([message, count]) => `${message} (× ${count})`);
}
