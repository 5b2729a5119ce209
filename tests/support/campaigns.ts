import { db } from "@/lib/db";
import { queryRows } from "@/lib/db/sql";
import { createBusiness, createUser } from "./fixtures";

// Campaign fixtures: a business with customers who said yes (or not), in bulk
// by SQL where a test needs thousands.

export async function campaignBusiness(timezone = "Europe/Madrid") {
  const { business, owner } = await createBusiness({ timezone });
  return { business, owner: owner.user };
}

export async function customer(
  businessId: string,
  options: { consent?: boolean; email?: boolean; language?: string } = {},
) {
  const { user } = await createUser({
    language: options.language ?? "en",
    ...(options.email === false ? { email: null } : {}),
  });
  const membership = await db.membership.create({ data: { userId: user.id, businessId } });
  if (options.consent ?? true)
    await db.marketingConsent.create({ data: { userId: user.id, businessId, source: "card" } });
  return { user, membership };
}

/** `count` members with consent and an email address, in three statements. */
export async function manyCustomers(businessId: string, count: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    `INSERT INTO "User" ("id", "email", "language", "updatedAt")
     SELECT gen_random_uuid()::text, 'bulk-' || gen_random_uuid()::text || '@example.test', 'en', now()
     FROM generate_series(1, $1::int) RETURNING "id"`,
    [count],
  );
  const ids = rows.map((r) => r.id);
  await queryRows(
    `INSERT INTO "Membership" ("id", "userId", "businessId") SELECT gen_random_uuid()::text, u, $2::text FROM unnest($1::text[]) u`,
    [ids, businessId],
  );
  await queryRows(
    `INSERT INTO "MarketingConsent" ("userId", "businessId", "source") SELECT u, $2::text, 'card' FROM unnest($1::text[]) u`,
    [ids, businessId],
  );
  return ids;
}

export const draft = (businessId: string, overrides: Record<string, unknown> = {}) => ({
  businessId,
  name: "Autumn",
  message: "Two stamps for one this week!",
  segment: {},
  offer: null,
  holdoutPercent: 0,
  ...overrides,
});

/** Drops the queue's jobs of these campaigns: the tests run the handlers themselves, at the moments they choose. */
export async function dropCampaignJobs(campaignIds: readonly string[]) {
  await queryRows(`DELETE FROM jobs.job WHERE name LIKE 'campaign.%' AND data->>'campaignId' = ANY($1::text[])`, [
    campaignIds,
  ]);
}
