import { randomBytes } from "node:crypto";
import type pg from "pg";

// The people of the reliability tests, made through the real HTTP API of a
// running instance: customers and owners register, sign in and tap with the
// bearer tokens the API hands out. Direct SQL only where the API has no
// shortcut for setup (a business's daily limit and programs).

export const PASSWORD = "reliability-password-1";
export const unique = () => randomBytes(4).toString("hex");

export type HttpResult<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

/** POST JSON; never throws on a status, only on a network error. */
export async function postJson<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResult<T>> {
  const response = await fetch(new URL(path, baseUrl), {
    method: "POST",
    // Same-origin, as the app's own pages send it.
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      origin: new URL(baseUrl).origin,
      ...headers,
    },
    body: JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export type Session = { access_token: string; refresh_token: string; user: { id: string; email: string | null } };

export type Actor = {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** `authjs.session-token=…`, for pages and server actions. */
  cookie: string;
};

function sessionCookie(headers: Headers): string {
  const cookies = headers.getSetCookie?.() ?? [headers.get("set-cookie") ?? ""];
  const session = cookies.map((c) => c.split(";")[0]!).find((c) => /session-token=/.test(c));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session;
}

function actorFrom(result: HttpResult<{ session?: Session }>, email: string, password: string): Actor {
  const session = result.body.session;
  if (!session) throw new Error(`no session in ${result.status} ${JSON.stringify(result.body)}`);
  return {
    id: session.user.id,
    email,
    password,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    cookie: sessionCookie(result.headers),
  };
}

/** A customer account through POST /api/auth/register. */
export async function registerCustomer(baseUrl: string, email = `customer-${unique()}@example.test`): Promise<Actor> {
  const result = await postJson<{ session?: Session }>(baseUrl, "/api/auth/register", {
    email,
    password: PASSWORD,
    metadata: { first_name: "Casey", last_name: "Customer" },
  });
  if (result.status !== 201) throw new Error(`register ${email}: ${result.status} ${JSON.stringify(result.body)}`);
  return actorFrom(result, email, PASSWORD);
}

/** The business wizard's payload (POST /api/auth/register), claiming `tapId` when given. */
export function businessRegistration(email: string, name: string, tapId: string | null) {
  return {
    email,
    password: PASSWORD,
    metadata: { first_name: "Olga", last_name: "Owner" },
    tap_id: tapId,
    business: { name },
    business_profile: {
      keywords: ["Cafe"],
      phone: "+34 600 000 000",
      address: "Carrer Major 1, Barcelona",
      settings: { timezone: "Europe/Madrid" },
    },
  };
}

export type Owner = Actor & { businessId: string };

/** An owner with a business (and its tag claimed, when `tapId` is given) through the registration wizard's API. */
export async function registerOwner(
  baseUrl: string,
  options: { tapId?: string | null; email?: string } = {},
): Promise<Owner> {
  const email = options.email ?? `owner-${unique()}@example.test`;
  const result = await postJson<{ session?: Session; business_id?: string }>(
    baseUrl,
    "/api/auth/register",
    businessRegistration(email, `Reliability Cafe ${unique()}`, options.tapId ?? null),
  );
  if (result.status !== 201 || !result.body.business_id) {
    throw new Error(`register owner ${email}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return { ...actorFrom(result, email, PASSWORD), businessId: result.body.business_id };
}

/**
 * A business with a claimed tag, its daily tap limit and one stamp card of
 * `stampsRequired` stamps. Limit and program are written before anything has
 * read the tag, so no instance has a cached landing without them.
 */
export async function createBusinessWithTag(
  baseUrl: string,
  sql: pg.Pool,
  options: { dailyTapLimit: number; stampsRequired: number },
): Promise<Owner & { tagId: string; programId: string }> {
  const tagId = `rel-${unique()}`;
  const owner = await registerOwner(baseUrl, { tapId: tagId });
  await sql.query(`UPDATE "Business" SET "dailyTapLimit" = $2 WHERE "id" = $1`, [
    owner.businessId,
    options.dailyTapLimit,
  ]);
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "rewardExpiryDays", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'stamps', 'Coffee card', $2::jsonb, 'Free coffee', 30, now()) RETURNING "id"`,
    [owner.businessId, JSON.stringify({ stampsRequired: options.stampsRequired })],
  );
  return { ...owner, tagId, programId: rows[0]!.id };
}

/** POST /api/tap with a bearer token; `now` moves the instance's clock (LOYALTAP_TEST_CLOCK). */
export function tap(baseUrl: string, accessToken: string, tagId: string, now?: string) {
  return postJson(
    baseUrl,
    "/api/tap",
    { id: tagId },
    {
      authorization: `Bearer ${accessToken}`,
      ...(now ? { "x-loyaltap-now": now } : {}),
    },
  );
}

/** POST /api/auth/login. */
export function login(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}) {
  return postJson<{ session?: Session; message?: string }>(baseUrl, "/api/auth/login", { email, password }, headers);
}

/**
 * The header a load balancer in front of the instances adds: the client's
 * address, which the app believes with TRUST_PROXY_HOPS=1 (the concurrency
 * cluster runs so, as two instances behind one balancer would).
 */
export const fromClient = (address: string) => ({ "x-forwarded-for": address });

/** POST /api/auth/token?grant_type=refresh_token. */
export function refresh(baseUrl: string, refreshToken: string) {
  return postJson<{ access_token?: string; refresh_token?: string; error?: string }>(
    baseUrl,
    "/api/auth/token?grant_type=refresh_token",
    { refresh_token: refreshToken },
  );
}

/** Runs `work` over `items` with at most `limit` at a time (setup without flooding two cores). */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** How many of each value (statuses, codes). */
export function tally<T extends string | number>(values: T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
