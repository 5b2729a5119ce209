// Plain HTTP for the sweep and the matrix: one request, its status, body and
// time, never following redirects (a redirect is an answer of its own).

export type Answer = {
  status: number;
  text: string;
  location: string | null;
  contentType: string;
  ms: number;
  error?: string;
};

export type RequestSpec = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  timeoutMs?: number;
};

// A server that answers before reading a large body closes the connection;
// the client's next request on that kept-alive socket then fails without
// reaching the server. Such a request is sent once more (a crashed server
// fails the second time too).
const SOCKET_ERRORS = ["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED"];

export async function send(spec: RequestSpec): Promise<Answer> {
  const first = await sendOnce(spec);
  if (first.error && SOCKET_ERRORS.some((code) => first.error!.includes(code))) return sendOnce(spec);
  return first;
}

async function sendOnce(spec: RequestSpec): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(spec.url, {
      method: spec.method,
      headers: spec.headers,
      body: spec.body,
      redirect: "manual",
      signal: AbortSignal.timeout(spec.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      location: response.headers.get("location"),
      contentType: response.headers.get("content-type") ?? "",
      ms: Date.now() - started,
    };
  } catch (error) {
    return {
      status: 0,
      text: "",
      location: null,
      contentType: "",
      ms: Date.now() - started,
      error: `${String(error)} ${(error as { cause?: { code?: string; message?: string } }).cause?.code ?? ""} ${(error as { cause?: { message?: string } }).cause?.message ?? ""}`,
    };
  }
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** A stack trace or a database error in a response body. */
export function leaksInternals(text: string): boolean {
  return /\n\s+at \S+ \(|Invalid `prisma|PrismaClient|node_modules\/|ECONNREFUSED|syntax error at or near/.test(text);
}
