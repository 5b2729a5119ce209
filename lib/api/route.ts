import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { authenticateApiKey } from "@/lib/api-keys/manage";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import { problemAnswer, PROBLEM_CONTENT_TYPE, type ApiAnswer } from "@/lib/api/problem";
import { requestNow } from "@/lib/clock";
import {
  claimIdempotencyKey,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type ApiKeyCaller,
} from "@/lib/db/api-keys";
import { IDEMPOTENCY_WINDOW_MS } from "@/lib/db/visits";
import { apiLocale, localized } from "@/lib/http/api-locale";
import { BodyTooLarge, isJsonContentType, MAX_BODY_BYTES, readLimited } from "@/lib/http/api";
import type { Locale } from "@/lib/i18n/locales";
import { countRateLimit, retryAfterSeconds } from "@/lib/rate-limit";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/tap/visit-history";
import { fieldErrorsOf } from "@/lib/validation/errors";

// The one way to write a /api/v1 route handler (docs/api.md). In order:
//  1. the Bearer API key (401 without a live one: malformed, unknown, revoked);
//  2. the key's rate limit, a fixed window per key in PostgreSQL
//     (lib/rate-limit.ts), told in every answer by the IETF RateLimit and
//     RateLimit-Policy headers; 429 with Retry-After past it;
//  3. the route's scope (403 for a key without it);
//  4. path, query and body, each parsed with its zod schema (400 with `errors`);
//  5. a write's Idempotency-Key (400 without one): claimed by the table's
//     primary key before the write runs, so of any number of requests with one
//     key one runs; the others get its stored answer, or 409 while it runs,
//     or 422 when their body differs from the first one's.
// Every error is a problem (lib/api/problem.ts), and the handler is wrapped
// in `localized` like every route handler.

export const API_REQUESTS_PER_MINUTE = 120;
const RATE_WINDOW_MS = 60_000;
const POLICY = `"default";q=${API_REQUESTS_PER_MINUTE};w=${RATE_WINDOW_MS / 1000}`;

export type ApiContext<P, Q, B> = {
  request: Request;
  caller: ApiKeyCaller;
  params: P;
  query: Q;
  body: B;
  now: Date;
  locale: Locale;
};

type RouteOptions<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  scope: ApiKeyScope;
  params?: P;
  query?: Q;
  /** A write: its JSON body's schema; the route then also requires an Idempotency-Key. */
  body?: B;
};

type RouteArgs = [Request, { params: Promise<Record<string, string | string[]>> }?];

const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN);

function render(answer: ApiAnswer, extra: Record<string, string> = {}): Response {
  const headers = new Headers({
    "Content-Type": answer.problem ? PROBLEM_CONTENT_TYPE : "application/json",
    "Cache-Control": "no-store",
    ...answer.headers,
    ...extra,
  });
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/** What the idempotency record compares: the method, the path and the body as parsed JSON. */
function requestHash(request: Request, json: unknown): string {
  const { pathname } = new URL(request.url);
  return createHash("sha256")
    .update(`${request.method} ${pathname}\n${JSON.stringify(json)}`)
    .digest("hex");
}

async function readJson(
  request: Request,
  locale: Locale,
): Promise<{ ok: true; json: unknown } | { ok: false; answer: ApiAnswer }> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJsonContentType(contentType))
    return { ok: false, answer: await problemAnswer(locale, "unsupported-media-type") };
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES)
    return { ok: false, answer: await problemAnswer(locale, "body-too-large") };
  let text: string;
  try {
    text = await readLimited(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, answer: await problemAnswer(locale, "body-too-large") };
    return { ok: false, answer: await problemAnswer(locale, "invalid-request", { detail: "api.bodyUnreadable" }) };
  }
  if (contentType === null && text !== "")
    return { ok: false, answer: await problemAnswer(locale, "unsupported-media-type") };
  try {
    return { ok: true, json: text.trim() === "" ? {} : JSON.parse(text) };
  } catch {
    return { ok: false, answer: await problemAnswer(locale, "invalid-request", { detail: "api.malformedJson" }) };
  }
}

async function invalid(locale: Locale, error: z.ZodError): Promise<ApiAnswer> {
  return problemAnswer(locale, "invalid-request", { errors: fieldErrorsOf(error) });
}

export function apiRoute<
  P extends z.ZodType = z.ZodObject,
  Q extends z.ZodType = z.ZodObject,
  B extends z.ZodType = z.ZodUndefined,
>(
  options: RouteOptions<P, Q, B>,
  handler: (context: ApiContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<ApiAnswer>,
) {
  return localized(async (...[request, route]: RouteArgs): Promise<Response> => {
    const locale = apiLocale(request);
    const now = requestNow(request.headers);

    const authorization = request.headers.get("authorization") ?? "";
    const secret = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? "";
    const caller = secret ? await authenticateApiKey(secret, now) : null;
    if (!caller)
      return render(await problemAnswer(locale, "unauthorized"), { "WWW-Authenticate": 'Bearer realm="loyaltap"' });

    const window = await countRateLimit(`api-v1:${caller.id}`, RATE_WINDOW_MS, now);
    const reset = retryAfterSeconds(window.resetAt, now);
    const remaining = Math.max(0, API_REQUESTS_PER_MINUTE - window.count);
    const limits = { "RateLimit-Policy": POLICY, RateLimit: `"default";r=${remaining};t=${reset}` };
    if (window.count > API_REQUESTS_PER_MINUTE)
      return render(await problemAnswer(locale, "rate-limited"), { ...limits, "Retry-After": String(reset) });

    if (!caller.scopes.includes(options.scope))
      return render(
        await problemAnswer(locale, "forbidden", {
          detail: { key: "api.v1.scopeMissing", values: { scope: options.scope } },
        }),
        limits,
      );

    // A route without dynamic segments gets no params from Next.js (undefined, not {}).
    const rawParams = (route ? await route.params : undefined) ?? {};
    const params = (options.params ?? z.object({})).safeParse(rawParams);
    // A malformed id names nothing: the same answer as an unknown one.
    if (!params.success) return render(await problemAnswer(locale, "not-found"), limits);
    const query = (options.query ?? z.object({})).safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return render(await invalid(locale, query.error), limits);

    const context = {
      request,
      caller,
      params: params.data as z.output<P>,
      query: query.data as z.output<Q>,
      now,
      locale,
    };
    if (!options.body)
      return render(await failSafe(locale, () => handler({ ...context, body: undefined as z.output<B> })), limits);

    const rawKey = request.headers.get("idempotency-key");
    if (!idempotencyKeySchema.safeParse(rawKey).success)
      return render(await problemAnswer(locale, "idempotency-key-missing"), limits);
    const key = rawKey!;
    const read = await readJson(request, locale);
    if (!read.ok) return render(read.answer, limits);
    const body = options.body.safeParse(read.json);
    if (!body.success) return render(await invalid(locale, body.error), limits);

    const hash = requestHash(request, read.json);
    const windowStart = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
    const claim = await claimIdempotencyKey(caller.id, key, hash, now, windowStart);
    if (!claim.claimed) {
      if (claim.requestHash !== hash) return render(await problemAnswer(locale, "idempotency-key-reused"), limits);
      if (claim.status === null)
        return render(await problemAnswer(locale, "request-in-progress"), { ...limits, "Retry-After": "1" });
      const replay: ApiAnswer = {
        status: claim.status,
        body: claim.body,
        ...(claim.status >= 400 ? { problem: true as const } : {}),
      };
      return render(replay, { ...limits, "Idempotent-Replayed": "true" });
    }
    let failed = false;
    const answer = await failSafe(
      locale,
      () => handler({ ...context, body: body.data }),
      () => (failed = true),
    );
    // A request that failed let its key go (its transaction rolled back): a retry with it runs again.
    if (failed) {
      await releaseIdempotencyKey(caller.id, key);
      return render(answer, limits);
    }
    // Stored as the client reads it (dates as ISO text), so a replay is the same bytes.
    await storeIdempotentAnswer(caller.id, key, answer.status, JSON.parse(JSON.stringify(answer.body)));
    await pruneIdempotencyKeys(windowStart);
    return render(answer, limits);
  });
}

/** The handler's answer; an unexpected error is logged and answered as a 500 problem, never a stack trace. */
async function failSafe(locale: Locale, run: () => Promise<ApiAnswer>, onError?: () => void): Promise<ApiAnswer> {
  try {
    return await run();
  } catch (error) {
    onError?.();
    console.error("an /api/v1 request failed", { error: error instanceof Error ? error.message : String(error) });
    return problemAnswer(locale, "internal");
  }
}

/** A JSON answer of a handler. */
export function ok(body: unknown, status = 200): ApiAnswer {
  return { status, body };
}
