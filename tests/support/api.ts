import { randomUUID } from "node:crypto";

// Calls our route handlers the way Next.js does: a Request in, a Response out.

type Handler = (request: Request) => Promise<Response>;

export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  bearer?: string;
  cookie?: string;
};

export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(path, "http://localhost");
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (options.bearer) headers.set("authorization", `Bearer ${options.bearer}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  // A browser sends Origin with every POST; cookie-carrying calls come from our own page unless a test says otherwise.
  if (options.cookie && !headers.has("origin")) headers.set("origin", url.origin);
  headers.set("x-loyaltap-client-ip", headers.get("x-loyaltap-client-ip") ?? `10.${rand()}.${rand()}.${rand()}`);
  const response = await handler(new Request(url, { method, headers, body }));
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // not JSON
  }
  return { status: response.status, json, text, headers: response.headers };
}

const rand = () => Math.floor(Math.random() * 250) + 1;

/** A unique email per test, so tests share one database without colliding. */
export function uniqueEmail(label = "user") {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The `name=value` pair of a Set-Cookie header, for the next request. */
export function cookieFrom(headers: Headers, name: string): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}
