import "server-only";
import { db, Prisma } from "@/lib/db";

// API keys and the answers stored under their Idempotency-Keys (docs/api.md).
// Every statement that reads or changes a key matches its business's owner
// (the owner's pages) or its hash and `revokedAt IS NULL` (a request), so a
// revoked key is refused by the very next lookup: nothing caches a key.

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const keySelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.ApiKeySelect;

/** A business's keys, newest first, for its owner only (null for anyone else). */
export async function listApiKeys(ownerId: string, businessId: string): Promise<ApiKeyRow[] | null> {
  const business = await db.business.findFirst({
    where: { id: businessId, ownerId },
    select: { apiKeys: { select: keySelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] } },
  });
  return business?.apiKeys ?? null;
}

/** A new key of a business its owner creates; null when the business is not theirs. */
export async function insertApiKey(
  ownerId: string,
  businessId: string,
  data: { name: string; prefix: string; secretHash: string; scopes: string[] },
  now: Date,
): Promise<ApiKeyRow | null> {
  const rows = await db.$queryRaw<ApiKeyRow[]>`
    INSERT INTO "ApiKey" ("id", "businessId", "name", "prefix", "secretHash", "scopes", "createdAt", "createdById")
    SELECT gen_random_uuid()::text, b."id", ${data.name}, ${data.prefix}, ${data.secretHash}, ${data.scopes}::text[], ${now}, ${ownerId}
    FROM "Business" b WHERE b."id" = ${businessId} AND b."ownerId" = ${ownerId}
    RETURNING "id", "name", "prefix", "scopes", "createdAt", "lastUsedAt", "revokedAt"`;
  return rows[0] ?? null;
}

/** Revokes a key of the owner's business; false when there is no such live key. */
export async function revokeApiKeyRow(ownerId: string, businessId: string, keyId: string, now: Date) {
  const { count } = await db.apiKey.updateMany({
    where: { id: keyId, businessId, revokedAt: null, business: { ownerId } },
    data: { revokedAt: now },
  });
  return count === 1;
}

export type ApiKeyCaller = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  businessId: string;
  timezone: string;
  lastUsedAt: Date | null;
};

/**
 * The live key with this hash, with its business: none once revoked, and none
 * while the business's owner account is disabled (the business is withdrawn,
 * as on its tags).
 */
export async function findLiveApiKey(secretHash: string): Promise<ApiKeyCaller | null> {
  const rows = await db.$queryRaw<ApiKeyCaller[]>`
    SELECT k."id", k."name", k."prefix", k."scopes", k."businessId", b."timezone", k."lastUsedAt"
    FROM "ApiKey" k JOIN "Business" b ON b."id" = k."businessId" JOIN "User" o ON o."id" = b."ownerId"
    WHERE k."secretHash" = ${secretHash} AND k."revokedAt" IS NULL AND o."disabledAt" IS NULL`;
  return rows[0] ?? null;
}

/** Marks the key used, at most once a minute (the condition is in the statement: one write a minute under any load). */
export async function touchApiKey(keyId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 60_000);
  await db.$executeRaw`
    UPDATE "ApiKey" SET "lastUsedAt" = ${now}
    WHERE "id" = ${keyId} AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= ${since})`;
}

export type IdempotencyClaim =
  { claimed: true } | { claimed: false; requestHash: string; status: number | null; body: unknown };

/**
 * Claims an Idempotency-Key for one request, by the primary key (key,
 * idempotency key): of several requests with it, one inserts and runs; the
 * others read what it stored (or that it is still running). A key older than
 * `windowStart` is taken over as new.
 */
export async function claimIdempotencyKey(
  apiKeyId: string,
  key: string,
  requestHash: string,
  now: Date,
  windowStart: Date,
): Promise<IdempotencyClaim> {
  const inserted = await db.$queryRaw<{ one: number }[]>`
    INSERT INTO "ApiIdempotencyKey" ("apiKeyId", "key", "requestHash", "createdAt")
    VALUES (${apiKeyId}, ${key}, ${requestHash}, ${now})
    ON CONFLICT ("apiKeyId", "key") DO UPDATE
      SET "requestHash" = EXCLUDED."requestHash", "status" = NULL, "body" = NULL, "createdAt" = EXCLUDED."createdAt"
      WHERE "ApiIdempotencyKey"."createdAt" <= ${windowStart}
    RETURNING 1 AS "one"`;
  if (inserted.length) return { claimed: true };
  const row = await db.apiIdempotencyKey.findUnique({
    where: { apiKeyId_key: { apiKeyId, key } },
    select: { requestHash: true, status: true, body: true },
  });
  // Gone between the two statements (its request failed and let it go): claim it again.
  if (!row) return claimIdempotencyKey(apiKeyId, key, requestHash, now, windowStart);
  return { claimed: false, requestHash: row.requestHash, status: row.status, body: row.body };
}

/** Stores the answer of the request that claimed the key. */
export async function storeIdempotentAnswer(apiKeyId: string, key: string, status: number, body: unknown) {
  await db.apiIdempotencyKey.update({
    where: { apiKeyId_key: { apiKeyId, key } },
    data: { status, body: body as Prisma.InputJsonValue },
  });
}

/** Lets a claimed key go when its request failed before it changed anything, so a retry runs. */
export async function releaseIdempotencyKey(apiKeyId: string, key: string) {
  await db.apiIdempotencyKey.deleteMany({ where: { apiKeyId, key, status: null } });
}

/** An API key acting for its business (redeeming, undoing, recording a visit). */
export type ApiKeyActor = { apiKeyId: string; name: string; prefix: string; businessId: string };

/**
 * How the audit log names an API key: its id as the actor (the column holds
 * plain ids, no user), and its name with its visible prefix as it was then.
 */
export function apiKeyAuditActor(actor: ApiKeyActor) {
  return { actorId: actor.apiKeyId, actorName: `${actor.name} (${actor.prefix}…)` };
}

/**
 * Deletes a batch of keys older than `windowStart`, now and then (about one
 * call in 64), so the table stays small without a scheduled job; an old key
 * is taken over as new anyway (claimIdempotencyKey). A failure is only logged.
 */
export async function pruneIdempotencyKeys(windowStart: Date, chance = 1 / 64): Promise<void> {
  if (Math.random() >= chance) return;
  try {
    await db.$executeRaw`
      DELETE FROM "ApiIdempotencyKey" WHERE ("apiKeyId", "key") IN (
        SELECT "apiKeyId", "key" FROM "ApiIdempotencyKey" WHERE "createdAt" <= ${windowStart} LIMIT 500
      )`;
  } catch (error) {
    console.error("could not prune expired API idempotency keys", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
