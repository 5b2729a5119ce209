import "server-only";
import { compile } from "@/lib/db/sql-template";
import { inTransaction, join, queryRows, raw, sql, type InTransaction, type Sql, type SqlExecutor } from "@/lib/db/sql";

// Webhook endpoints, their messages and the delivery log (docs/webhooks.md).
// Every owner's statement names the business it acts in, so an endpoint of
// another business is simply not found.

export type WebhookEndpointRow = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  lastSuccessAt: Date | null;
  createdAt: Date;
};

const ENDPOINT_COLUMNS = sql`e."id", e."url", e."events", e."enabled", e."disabledReason", e."disabledAt", e."lastSuccessAt", e."createdAt"`;

export async function insertEndpoint(input: {
  id: string;
  businessId: string;
  url: string;
  events: readonly string[];
  secretEncrypted: string;
}): Promise<void> {
  await queryRows(sql`
    INSERT INTO "WebhookEndpoint" ("id", "businessId", "url", "events", "secretEncrypted")
    VALUES (${input.id}::text, ${input.businessId}::text, ${input.url}::text, ${[...input.events]}::text[], ${input.secretEncrypted}::text)`);
}

export async function listEndpoints(businessId: string): Promise<WebhookEndpointRow[]> {
  return queryRows<WebhookEndpointRow>(sql`
    SELECT ${ENDPOINT_COLUMNS} FROM "WebhookEndpoint" e WHERE e."businessId" = ${businessId}::text ORDER BY e."createdAt", e."id"`);
}

export async function getEndpoint(
  businessId: string,
  endpointId: string,
): Promise<(WebhookEndpointRow & { secretEncrypted: string }) | null> {
  const [row] = await queryRows<WebhookEndpointRow & { secretEncrypted: string }>(sql`
    SELECT ${ENDPOINT_COLUMNS}, e."secretEncrypted" FROM "WebhookEndpoint" e
    WHERE e."businessId" = ${businessId}::text AND e."id" = ${endpointId}::text`);
  return row ?? null;
}

/** The owner turns an endpoint on (its failure state forgotten) or off. False when it is not this business's. */
export async function setEndpointEnabled(businessId: string, endpointId: string, enabled: boolean): Promise<boolean> {
  const rows = await queryRows(sql`
    UPDATE "WebhookEndpoint" SET "enabled" = ${enabled}::boolean,
      "disabledReason" = CASE WHEN ${enabled}::boolean THEN NULL ELSE 'owner' END,
      "disabledAt" = CASE WHEN ${enabled}::boolean THEN NULL ELSE now() AT TIME ZONE 'UTC' END
    WHERE "businessId" = ${businessId}::text AND "id" = ${endpointId}::text RETURNING "id"`);
  return rows.length === 1;
}

export async function deleteEndpoint(businessId: string, endpointId: string): Promise<boolean> {
  const rows = await queryRows(sql`
    DELETE FROM "WebhookEndpoint" WHERE "businessId" = ${businessId}::text AND "id" = ${endpointId}::text RETURNING "id"`);
  return rows.length === 1;
}

export async function replaceEndpointSecret(
  businessId: string,
  endpointId: string,
  secretEncrypted: string,
): Promise<boolean> {
  const rows = await queryRows(sql`
    UPDATE "WebhookEndpoint" SET "secretEncrypted" = ${secretEncrypted}::text
    WHERE "businessId" = ${businessId}::text AND "id" = ${endpointId}::text RETURNING "id"`);
  return rows.length === 1;
}

/** An event to announce: its type, the key that makes it once per endpoint, when it happened, and its data as SQL (a JSON value). */
export type WebhookEventRow = {
  type: string;
  key: string;
  at: Date;
  /** A JSON expression; evaluated only for an endpoint that takes this event. */
  data: Sql;
};

/**
 * The events' messages, one per enabled endpoint of the business that took
 * the event's type, written by the caller's transaction; answers their ids.
 * One statement, which reads the endpoints itself: for a business without
 * any, one index probe and nothing else (each payload's expression refers to
 * the endpoint row, so it is evaluated only for an endpoint that takes it).
 */
export async function insertEventMessages(
  tx: SqlExecutor,
  businessId: string,
  events: readonly WebhookEventRow[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const values = join(
    events.map(
      (event) =>
        sql`(${event.key}::text, ${event.type}::text, ${event.at.toISOString()}::text,
          CASE WHEN ${event.type}::text = ANY (e."events") THEN (${event.data})::jsonb END)`,
    ),
    ", ",
  );
  const statement = compile(sql`
    INSERT INTO "WebhookMessage" ("id", "endpointId", "eventKey", "eventType", "payload", "createdAt")
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e."id", ev."key", ev."type",
      jsonb_build_object('type', ev."type", 'timestamp', ev."at", 'data', ev."data"), now() AT TIME ZONE 'UTC'
    FROM "WebhookEndpoint" e CROSS JOIN LATERAL (VALUES ${values}) AS ev ("key", "type", "at", "data")
    WHERE e."businessId" = ${businessId}::text AND e."enabled" AND ev."type" = ANY (e."events")
    ON CONFLICT ("endpointId", "eventKey") DO NOTHING
    RETURNING "id"`);
  const rows = await tx.query<{ id: string }>(statement.text, statement.values);
  return rows.map((row) => row.id);
}

/** An ISO 8601 instant in UTC from a stored timestamp (UTC, without zone), as payloads carry it. */
export function isoOf(column: string): Sql {
  return sql`to_char(${raw(column)}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A customer as payloads name them: the membership's id and its card number (lib/loyalty/card-number.ts in SQL). */
export function customerJson(membershipIdColumn: string): Sql {
  const column = raw(membershipIdColumn);
  return sql`json_build_object('id', ${column}, 'cardNumber', upper(right(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'), 12)))`;
}

/** reward.earned's data, read from the reward in the statement that queues it. */
export function rewardEarnedData(rewardId: string): Sql {
  return sql`(SELECT json_build_object('rewardId', r."id", 'customer', ${customerJson(`m."id"`)}, 'programId', r."programId",
      'name', r."name", 'expiresAt', ${isoOf(`r."expiresAt"`)}, 'earnedAt', ${isoOf(`r."issuedAt"`)})
    FROM "Reward" r JOIN "Membership" m ON m."id" = r."membershipId"
      OR (r."membershipId" IS NULL AND m."userId" = r."userId" AND m."businessId" = r."businessId")
    WHERE r."id" = ${rewardId}::text LIMIT 1)`;
}

/** reward.redeemed's data. */
export function rewardRedeemedData(rewardId: string): Sql {
  return sql`(SELECT json_build_object('rewardId', r."id", 'customer', ${customerJson(`m."id"`)}, 'programId', r."programId",
      'name', r."name", 'redeemedAt', ${isoOf(`r."redeemedAt"`)}, 'locationId', r."redeemedLocationId")
    FROM "Reward" r JOIN "Membership" m ON m."id" = r."membershipId"
      OR (r."membershipId" IS NULL AND m."userId" = r."userId" AND m."businessId" = r."businessId")
    WHERE r."id" = ${rewardId}::text LIMIT 1)`;
}

/** campaign.sent's data: the members it went to (the held-out group gets nothing and is not counted). */
export function campaignSentData(campaignId: string): Sql {
  return sql`(SELECT json_build_object('campaignId', c."id", 'name', c."name",
      'recipients', (SELECT count(*) FROM "CampaignRecipient" cr WHERE cr."campaignId" = c."id" AND cr."status" = 'SENT'),
      'finishedAt', ${isoOf(`c."finishedAt"`)})
    FROM "Campaign" c WHERE c."id" = ${campaignId}::text)`;
}

/** An owner's test message to one endpoint: its id, or null when the endpoint is not this business's. */
export async function insertTestMessage(
  businessId: string,
  endpointId: string,
  type: string,
  payload: unknown,
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(sql`
    INSERT INTO "WebhookMessage" ("id", "endpointId", "eventKey", "eventType", "payload", "createdAt")
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e."id", 'test:' || gen_random_uuid()::text, ${type}::text,
      ${JSON.stringify(payload)}::jsonb, now() AT TIME ZONE 'UTC'
    FROM "WebhookEndpoint" e WHERE e."businessId" = ${businessId}::text AND e."id" = ${endpointId}::text
    RETURNING "id"`);
  return row?.id ?? null;
}

export type MessageForDelivery = {
  id: string;
  payload: unknown;
  status: string;
  attempts: number;
  createdAt: Date;
  endpointId: string;
  url: string;
  enabled: boolean;
  secretEncrypted: string;
};

export async function messageForDelivery(messageId: string): Promise<MessageForDelivery | null> {
  const [row] = await queryRows<MessageForDelivery>(sql`
    SELECT m."id", m."payload", m."status", m."attempts", m."createdAt", e."id" AS "endpointId", e."url", e."enabled", e."secretEncrypted"
    FROM "WebhookMessage" m JOIN "WebhookEndpoint" e ON e."id" = m."endpointId" WHERE m."id" = ${messageId}::text`);
  return row ?? null;
}

/** What the sender does after an attempt is logged, in the same transaction. */
export type AttemptFollowUp =
  { kind: "retry"; attempt: number; at: Date } | { kind: "endpoint-disabled"; endpointId: string } | { kind: "none" };

/**
 * Logs one attempt and settles its message: succeeded, failed for good, or
 * waiting for its next attempt at `retryAt`. When a failure ends the message
 * and `disableIfFailingSince` is set, the endpoint is turned off unless it
 * accepted a delivery since then. Once per attempt: an attempt already logged
 * (its job was run twice) changes nothing and answers false.
 */
export async function logAttempt(
  input: {
    messageId: string;
    endpointId: string;
    attempt: number;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
    ok: boolean;
    retryAt: Date | null;
    disableIfFailingSince: Date | null;
    now: Date;
  },
  then: InTransaction<AttemptFollowUp>,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const logged = await tx.query(sql`
      INSERT INTO "WebhookAttempt" ("id", "messageId", "attempt", "statusCode", "latencyMs", "error", "createdAt")
      VALUES (gen_random_uuid()::text, ${input.messageId}::text, ${input.attempt}::int, ${input.statusCode}::int,
        ${input.latencyMs}::int, ${input.error}::text, ${input.now}::timestamp(3))
      ON CONFLICT ("messageId", "attempt") DO NOTHING RETURNING "id"`);
    if (logged.length === 0) return false;
    const status = input.ok ? "SUCCEEDED" : input.retryAt ? "PENDING" : "FAILED";
    await tx.query(sql`
      UPDATE "WebhookMessage" SET "status" = ${status}::text, "attempts" = GREATEST("attempts", ${input.attempt}::int),
        "nextAttemptAt" = ${input.retryAt}::timestamp(3)
      WHERE "id" = ${input.messageId}::text`);
    if (input.ok) {
      await tx.query(sql`
        UPDATE "WebhookEndpoint" SET "lastSuccessAt" = GREATEST("lastSuccessAt", ${input.now}::timestamp(3))
        WHERE "id" = ${input.endpointId}::text`);
      await then(tx, { kind: "none" });
      return true;
    }
    if (input.retryAt) {
      await then(tx, { kind: "retry", attempt: input.attempt + 1, at: input.retryAt });
      return true;
    }
    if (input.disableIfFailingSince) {
      const disabled = await tx.query(sql`
        UPDATE "WebhookEndpoint" SET "enabled" = false, "disabledReason" = 'failing', "disabledAt" = ${input.now}::timestamp(3)
        WHERE "id" = ${input.endpointId}::text AND "enabled"
          AND ("lastSuccessAt" IS NULL OR "lastSuccessAt" < ${input.disableIfFailingSince}::timestamp(3))
        RETURNING "id"`);
      if (disabled.length === 1) {
        await then(tx, { kind: "endpoint-disabled", endpointId: input.endpointId });
        return true;
      }
    }
    await then(tx, { kind: "none" });
    return true;
  });
}

/**
 * "Send again": the message's next attempt number, when the message is this
 * business's and has no automatic attempt waiting (it succeeded or failed for good).
 */
export async function claimResend(businessId: string, messageId: string): Promise<number | null> {
  const [row] = await queryRows<{ attempt: number }>(sql`
    UPDATE "WebhookMessage" m SET "attempts" = m."attempts" + 1, "status" = 'PENDING'
    FROM "WebhookEndpoint" e
    WHERE m."id" = ${messageId}::text AND e."id" = m."endpointId" AND e."businessId" = ${businessId}::text
      AND m."status" <> 'PENDING'
    RETURNING m."attempts" AS "attempt"`);
  return row?.attempt ?? null;
}

export type DeliveryLogRow = {
  id: string;
  eventType: string;
  status: string;
  createdAt: Date;
  nextAttemptAt: Date | null;
  attempts: {
    attempt: number;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
    createdAt: string;
  }[];
};

/** An endpoint's latest messages, newest first, each with its attempts. */
export async function deliveryLog(businessId: string, endpointId: string, limit = 50): Promise<DeliveryLogRow[]> {
  return queryRows<DeliveryLogRow>(sql`
    SELECT m."id", m."eventType", m."status", m."createdAt", m."nextAttemptAt",
      COALESCE((SELECT json_agg(json_build_object('attempt', a."attempt", 'statusCode', a."statusCode", 'latencyMs', a."latencyMs",
          'error', a."error", 'createdAt', ${isoOf(`a."createdAt"`)}) ORDER BY a."attempt")
        FROM "WebhookAttempt" a WHERE a."messageId" = m."id"), '[]'::json) AS "attempts"
    FROM "WebhookMessage" m JOIN "WebhookEndpoint" e ON e."id" = m."endpointId"
    WHERE e."businessId" = ${businessId}::text AND m."endpointId" = ${endpointId}::text
    ORDER BY m."createdAt" DESC, m."id" DESC LIMIT ${limit}::int`);
}

/** The owner to tell that an endpoint was turned off, in their language. */
export async function readEndpointDisabledMail(endpointId: string) {
  const [row] = await queryRows<{
    url: string;
    enabled: boolean;
    disabledAt: Date | null;
    businessId: string;
    businessName: string;
    ownerId: string;
    email: string | null;
    firstName: string | null;
    language: string;
    disabledAccount: Date | null;
  }>(sql`
    SELECT e."url", e."enabled", e."disabledAt", b."id" AS "businessId", b."name" AS "businessName", u."id" AS "ownerId",
      u."email", u."firstName", u."language", u."disabledAt" AS "disabledAccount"
    FROM "WebhookEndpoint" e JOIN "Business" b ON b."id" = e."businessId" JOIN "User" u ON u."id" = b."ownerId"
    WHERE e."id" = ${endpointId}::text`);
  return row ?? null;
}
