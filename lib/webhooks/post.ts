import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress } from "@/lib/webhooks/target";

// One HTTP POST of a webhook to an address already checked (./target.ts): the
// connection goes to that address whatever the name resolves to now, while the
// Host header and TLS (SNI, certificate check) use the URL's name. Redirects
// are not followed (a 3xx is a failed attempt), and the whole exchange has
// TIMEOUT_MS.

export const TIMEOUT_MS = 10_000;
/** What of an answer's body is read before it is dropped. */
const MAX_BODY_BYTES = 16 * 1024;

export type PostResult = { statusCode: number | null; latencyMs: number; error: string | null };

export function postWebhook(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs = TIMEOUT_MS,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The checked address and nothing else; `all` is how Node's happy-eyeballs connect asks.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as never as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: Omit<PostResult, "latencyMs">) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    const req = send(
      url,
      {
        method: "POST",
        lookup,
        agent: false,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Loyaltap-Webhooks/1",
        },
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_BODY_BYTES) res.destroy();
        });
        const status = res.statusCode ?? null;
        const answered = () =>
          finish({
            statusCode: status,
            error: status !== null && status >= 200 && status < 300 ? null : `HTTP ${status ?? "?"}`,
          });
        res.on("end", answered);
        res.on("close", answered);
        res.on("error", answered);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish({ statusCode: null, error: error.code ? `connection failed (${error.code})` : "connection failed" }),
    );
    req.end(body);
  });
}
