import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isNonPublicAddress } from "@/lib/http/public-address";

// The one way the server fetches a URL that someone else chose (a business's
// logo, a browser's push endpoint): it must not become a way into the
// server's own network. Only https (http only for a trusted origin); no
// credentials in the URL; no address that is not public (lib/http/public-address.ts),
// checked where the socket connects, so a name that resolves to a public address
// when a caller checks it and to a private one when connecting (DNS rebinding)
// is refused too; a fresh connection per request, so no kept-alive socket skips
// the check; redirects are never followed; a time limit and a size limit.
// docs/input-handling.md, "Outbound requests".

/** The request was refused by the rules above, or its answer by the caller's. */
export class OutboundRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "OutboundRefused";
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has (the system's resolver by default; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export type OutboundRequest = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
  /** The answer's body is refused beyond this many bytes, declared or counted. */
  maxBytes: number;
  /**
   * Origins trusted on whatever address they resolve to, and over http too:
   * our own site (SITE_URL), the tests' stand-ins on loopback.
   */
  trustedOrigins?: readonly string[];
  /** Looks at the answer's status and headers before its body is read; a reason refuses it. */
  inspect?: (status: number, headers: IncomingHttpHeaders) => string | null;
  resolve?: HostResolver;
};

export type OutboundResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function isTrusted(url: URL, trustedOrigins: readonly string[]): boolean {
  return trustedOrigins.some((origin) => {
    try {
      return new URL(origin).origin === url.origin;
    } catch {
      return false;
    }
  });
}

/** Why `url` will not be fetched, or null when it may be tried (its address is checked again as the socket connects). */
export function outboundUrlProblem(url: URL, trustedOrigins: readonly string[] = []): string | null {
  const trusted = isTrusted(url, trustedOrigins);
  if (url.protocol !== "https:" && !(trusted && url.protocol === "http:")) return "only https URLs are fetched";
  if (url.username || url.password) return "URLs with credentials are not fetched";
  // A literal address never reaches the lookup below (the socket connects to it directly).
  if (!trusted && isIP(url.hostname.replace(/^\[|\]$/g, "")) && isNonPublicAddress(url.hostname))
    return "the address is not public";
  return null;
}

/** Node's lookup hook: every address the name has must be public, or the connection is refused. */
function guardedLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = options.family ? found.filter((entry) => entry.family === options.family) : [...found];
        if (addresses.length === 0 || addresses.some((entry) => isNonPublicAddress(entry.address))) {
          return callback(new OutboundRefused(`${hostname} resolves to an address that is not public`), "", 0);
        }
        if (options.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/**
 * One request to `url` under the rules above. Resolves with any status (a
 * redirect is an answer, not followed); throws OutboundRefused or a network
 * error.
 */
export function outboundFetch(url: URL, request: OutboundRequest): Promise<OutboundResponse> {
  const trustedOrigins = request.trustedOrigins ?? [];
  const problem = outboundUrlProblem(url, trustedOrigins);
  if (problem) return Promise.reject(new OutboundRefused(problem));
  const trusted = isTrusted(url, trustedOrigins);
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body) headers["content-length"] = String(request.body.byteLength);
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = client.request(
      url,
      {
        method: request.method ?? "GET",
        headers,
        ...(trusted ? {} : { lookup: guardedLookup(request.resolve ?? systemResolver) }),
        // A fresh connection each time: a kept-alive socket would skip the address check.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const refusal = request.inspect?.(status, response.headers);
        if (refusal) return fail(new OutboundRefused(refusal));
        const declared = Number(response.headers["content-length"]);
        const tooLarge = `the answer is larger than ${request.maxBytes} bytes`;
        if (Number.isFinite(declared) && declared > request.maxBytes) return fail(new OutboundRefused(tooLarge));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) return fail(new OutboundRefused(tooLarge));
          chunks.push(chunk);
        });
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on("error", fail);
      },
    );
    outgoing.on("error", fail);
    const timer = setTimeout(
      () => fail(new OutboundRefused(`no answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    outgoing.end(request.body ? Buffer.from(request.body) : undefined);
  });
}
