import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { db } from "@/lib/db";
import { inTransaction, sql, type InTransaction } from "@/lib/db/sql";
import { normaliseTheme } from "@/lib/business/theme";
import { confirmsName } from "@/lib/validation/business-lifecycle";

// Deleting a business (docs/business-lifecycle.md, "Deleting a business"): one
// transaction for the data. Its tags are released (free to claim again), a
// DeletedBusiness row remembers that it was (so a second request answers
// "already deleted"), and the business row goes: the schema's cascades take
// everything that was its customers' (cards, progress, visits, rewards,
// purchases, consents, contacts, opt-outs, campaigns, automations, staff,
// webhooks, API keys, counters and rollups), and a trigger in the migration
// copies its audit log, pseudonymous, into AuditLogArchive first. The
// customers' mails and the wallet passes' voiding are the caller's step
// (`deleting`), queued in the same transaction while the cards still exist.

/** A customer told by mail: their account, and how many rewards they had ready there. */
export type DeletionRecipient = { userId: string; readyRewards: number };

/** What the caller's step is given, before anything is deleted. */
export type BusinessDeleting = {
  businessId: string;
  businessName: string;
  /** The business's colour, for the mail's band (the business is gone when the mail is rendered). */
  color: string | null;
  /** Every customer with an email address on an enabled account. */
  recipients: DeletionRecipient[];
};

export type DeleteBusinessOutcome =
  | { ok: true; name: string; customers: number; mailed: number; already: boolean }
  | { ok: false; code: "not_found" | "name_mismatch" };

/**
 * Deletes the owner's business once `typedName` confirms its name. A business
 * the owner already deleted answers ok with `already` (a second click, a
 * retry): nothing more happens. Someone else's, or none: not_found.
 */
export async function deleteBusinessRows(
  ownerId: string,
  businessId: string,
  typedName: string,
  deleting: InTransaction<BusinessDeleting>,
  now = new Date(),
): Promise<DeleteBusinessOutcome> {
  const outcome = await inTransaction(
    async (tx): Promise<DeleteBusinessOutcome & { slug?: string; tags?: string[] }> => {
      const [business] = await tx.query<{ id: string; name: string; slug: string; theme: unknown }>(
        sql`SELECT "id", "name", "slug", "theme" FROM "Business"
        WHERE "id" = ${businessId}::text AND "ownerId" = ${ownerId}::text FOR UPDATE`,
      );
      if (!business) {
        const [gone] = await tx.query<{ name: string; customers: number; mailed: number }>(
          sql`SELECT "name", "customers", "mailed" FROM "DeletedBusiness"
          WHERE "id" = ${businessId}::text AND "ownerId" = ${ownerId}::text`,
        );
        return gone ? { ok: true, ...gone, already: true } : { ok: false, code: "not_found" };
      }
      if (!confirmsName(typedName, business.name)) return { ok: false, code: "name_mismatch" };

      const [counts] = await tx.query<{ customers: number }>(
        sql`SELECT count(*)::int AS "customers" FROM "Membership" WHERE "businessId" = ${business.id}::text`,
      );
      // Guests have no address; a disabled account gets nothing.
      const recipients = await tx.query<DeletionRecipient>(
        sql`SELECT m."userId",
          (SELECT count(*)::int FROM "Reward" r WHERE r."membershipId" = m."id" AND r."status" = 'AVAILABLE'::"RewardStatus"
            AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now}::timestamp(3))) AS "readyRewards"
        FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
        WHERE m."businessId" = ${business.id}::text AND u."email" IS NOT NULL AND u."disabledAt" IS NULL
        ORDER BY m."userId"`,
      );
      await deleting(tx, {
        businessId: business.id,
        businessName: business.name,
        color: normaliseTheme(business.theme).primaryColor ?? null,
        recipients,
      });

      // The tags go back to being free, as releasing one does (lib/db/tags.ts, releaseTag).
      const tags = await tx.query<{ id: string }>(
        sql`UPDATE "Tag" SET "businessId" = NULL, "claimedAt" = NULL, "claimedById" = NULL, "label" = NULL,
          "secure" = false, "keysEncrypted" = NULL, "lastVerifiedAt" = NULL, "updatedAt" = ${now}::timestamp(3)
        WHERE "businessId" = ${business.id}::text
        RETURNING "id"`,
      );
      const tagIds = tags.map((tag) => tag.id);
      if (tagIds.length > 0) {
        await tx.execute(sql`DELETE FROM "TagRejection" WHERE "tagId" = ANY(${tagIds}::text[])`);
        // Stored answers of taps on them name the business and the customer's rewards.
        await tx.execute(sql`DELETE FROM "TapIdempotencyKey" WHERE "body"->>'tag_id' = ANY(${tagIds}::text[])`);
      }
      const customers = counts?.customers ?? 0;
      await tx.execute(
        sql`INSERT INTO "DeletedBusiness" ("id", "ownerId", "name", "customers", "mailed", "deletedAt")
        VALUES (${business.id}::text, ${ownerId}::text, ${business.name}::text, ${customers}::int, ${recipients.length}::int, ${now}::timestamp(3))`,
      );
      await tx.execute(sql`DELETE FROM "Business" WHERE "id" = ${business.id}::text`);
      return {
        ok: true,
        name: business.name,
        customers,
        mailed: recipients.length,
        already: false,
        slug: business.slug,
        tags: tagIds,
      };
    },
  );
  if (!outcome.ok) return outcome;
  const { slug, tags, ...done } = outcome;
  if (slug)
    expireTags(
      cacheTags.business(businessId),
      cacheTags.slug(slug),
      cacheTags.sitemap,
      ...(tags ?? []).map((tag) => cacheTags.tag(tag)),
    );
  return done;
}

/** The owner's deleted business, for the dashboard's confirmation; null for anyone else's or one that exists. */
export async function findDeletedBusiness(ownerId: string, businessId: string) {
  return db.deletedBusiness.findFirst({
    where: { id: businessId, ownerId },
    select: { id: true, name: true, customers: true, mailed: true, deletedAt: true },
  });
}
