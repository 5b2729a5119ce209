import "server-only";
import { randomBytes } from "node:crypto";
import { cacheTags, expireTags } from "@/lib/cache";
import { db, Prisma } from "@/lib/db";
import { publicUserSelect, type AppUser } from "@/lib/db/users";
import { firstFreeSlug, slugify } from "@/lib/business/slug";
import { normaliseTheme } from "@/lib/business/theme";
import { normaliseTimezone } from "@/lib/business/timezone";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { prismaExecutor, type InTransaction } from "@/lib/db/sql";
import type { BusinessRegistrationInput, RegisterInput } from "@/lib/validation/registration";

type Tx = Prisma.TransactionClient;
export type RegistrationConflictCode = "email_taken" | "phone_taken" | "tap_already_claimed";
/** A unique address, phone or tag already taken: nothing was created. */
export type RegistrationRefusal = { ok: false; status: 409; code: RegistrationConflictCode };

export type AccountRows =
  { ok: true; user: AppUser; businessId: string | null; joinedBusinessId?: string | null } | RegistrationRefusal;

/** A business the new customer joins as they sign up: the public card's "Create your card". */
export type SignUpJoin = { businessSlug: string };

class RegistrationConflict extends Error {
  constructor(readonly code: "tap_already_claimed") {
    super(code);
  }
}

type CreatedBusiness = { id: string; slug: string; tapId: string | null };

/**
 * A new business changes public pages that may be cached: its tag's landing
 * ("available" or "not found" until now), its /b/<slug> address (a "not
 * found" until now) and the sitemap. Expired once the transaction committed.
 */
function publishNewBusiness(business: CreatedBusiness) {
  expireTags(
    cacheTags.slug(business.slug),
    cacheTags.sitemap,
    ...(business.tapId ? [cacheTags.tag(business.tapId)] : []),
  );
}

/**
 * Creates the user and, for a business registration, the business with its
 * profile and the claim of `tap_id` — in ONE transaction: either all of it
 * exists afterwards or none of it. `language` is the account's own setting
 * (the sign-up's Accept-Language; docs/i18n.md). `join`: the business whose
 * card the customer signed up from; its membership is created in the same
 * transaction, so their first tap or the owner's scan of their QR finds them
 * linked already. A business that no longer exists is simply not joined.
 * `passwordHash` is the password as lib/auth/password.ts stores it; the new
 * account's id goes to `created` first thing in the transaction.
 */
export async function insertAccount(
  input: RegisterInput,
  account: { passwordHash: string; language?: Locale; join?: SignUpJoin | null },
  created: InTransaction<string>,
): Promise<AccountRows> {
  const { passwordHash, language = DEFAULT_LOCALE, join = null } = account;
  const first = input.metadata.first_name ?? null;
  const last = input.metadata.last_name ?? null;
  const name = input.metadata.full_name ?? ([first, last].filter(Boolean).join(" ") || null);
  const result = await withSlugRetry((randomSlug) =>
    db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email || null,
          phone: input.phone || null,
          passwordHash,
          firstName: first,
          lastName: last,
          name,
          language,
        },
        select: publicUserSelect,
      });
      await created(prismaExecutor(tx), user.id);
      const business = input.business
        ? await createBusiness(
            tx,
            user.id,
            { business: input.business, business_profile: input.business_profile, tap_id: input.tap_id },
            randomSlug,
          )
        : null;
      const joinedBusinessId = join ? await joinBusiness(tx, user.id, join.businessSlug) : null;
      return { ok: true as const, user, business, joinedBusinessId };
    }),
  );
  if (!result.ok) return result;
  if (result.business) publishNewBusiness(result.business);
  return {
    ok: true,
    user: result.user,
    businessId: result.business?.id ?? null,
    joinedBusinessId: result.joinedBusinessId,
  };
}

// A business is joined from its card only while the card is public: a withdrawn one
// (its owner's account disabled) is not found, as its card is not.
const joinableBusiness = (slug: string) => ({ slug, owner: { disabledAt: null } });

async function joinBusiness(tx: Tx, userId: string, slug: string): Promise<string | null> {
  const business = await tx.business.findFirst({ where: joinableBusiness(slug), select: { id: true } });
  if (!business) return null;
  await tx.membership.create({ data: { userId, businessId: business.id, via: "CARD" } });
  return business.id;
}

/**
 * A signed-in customer joins the business of the card `/b/<slug>` ("Create your
 * card" when they have an account already). An existing membership keeps how
 * and when it was made. null: no such public business.
 */
export async function joinBusinessBySlug(
  userId: string,
  slug: string,
): Promise<{ businessId: string; created: boolean } | null> {
  const business = await db.business.findFirst({ where: joinableBusiness(slug), select: { id: true } });
  if (!business) return null;
  const { count } = await db.membership.createMany({
    data: [{ userId, businessId: business.id, via: "CARD" }],
    skipDuplicates: true,
  });
  return { businessId: business.id, created: count === 1 };
}

/** A signed-in user (e.g. after Google sign-up) registers a business: business, profile and tag claim together. */
export async function insertBusinessForUser(
  ownerId: string,
  input: BusinessRegistrationInput,
): Promise<{ ok: true; businessId: string } | RegistrationRefusal> {
  const result = await withSlugRetry((randomSlug) =>
    db.$transaction(async (tx) => ({
      ok: true as const,
      business: await createBusiness(tx, ownerId, input, randomSlug),
    })),
  );
  if (!result.ok) return result;
  publishNewBusiness(result.business);
  return { ok: true, businessId: result.business.id };
}

// Two businesses registering the same name at once may pick the same slug:
// the unique index rejects one, which then retries with a random suffix.
async function withSlugRetry<T extends { ok: true }>(
  run: (randomSlug: boolean) => Promise<T>,
): Promise<T | RegistrationRefusal> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(attempt > 0);
    } catch (error) {
      if (error instanceof RegistrationConflict) return conflict(error.code);
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        const target = JSON.stringify(error.meta ?? {});
        if (target.includes("slug") && attempt < 3) continue;
        return conflict(target.includes("phone") ? "phone_taken" : "email_taken");
      }
      throw error;
    }
  }
}

function conflict(code: RegistrationConflictCode): RegistrationRefusal {
  return { ok: false, status: 409, code };
}

async function createBusiness(
  tx: Tx,
  ownerId: string,
  input: BusinessRegistrationInput,
  randomSlug: boolean,
): Promise<CreatedBusiness> {
  const profile = input.business_profile;
  const base = slugify(input.business.name);
  const taken = randomSlug
    ? []
    : await tx.business.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  const business = await tx.business.create({
    data: {
      ownerId,
      slug: randomSlug
        ? `${base}-${randomBytes(3).toString("hex")}`
        : firstFreeSlug(
            base,
            taken.map((b) => b.slug),
          ),
      name: input.business.name,
      logoUrl: profile?.logo_url ?? null,
      description: profile?.description ?? null,
      keywords: profile?.keywords ?? [],
      website: profile?.website ?? null,
      phone: profile?.phone ?? null,
      address: profile?.address ?? null,
      placeId: profile?.place_id ?? null,
      socialMedia: profile?.social_media ?? {},
      theme: normaliseTheme(profile?.theme ?? {}),
      settings: {
        notifications_enabled: profile?.settings.notifications_enabled ?? true,
        language: profile?.settings.language ?? DEFAULT_LOCALE,
      },
      timezone: normaliseTimezone(profile?.settings.timezone),
    },
    select: { id: true, slug: true },
  });
  if (input.tap_id) await claimTagInTransaction(tx, input.tap_id, business.id, ownerId);
  return { id: business.id, slug: business.slug, tapId: input.tap_id ?? null };
}

/**
 * Claims an unknown or unclaimed tag for a business. A tag another business
 * holds makes the statement return nothing, and the transaction roll back.
 */
async function claimTagInTransaction(tx: Tx, tagId: string, businessId: string, userId: string) {
  const claimed = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Tag" ("id", "businessId", "claimedAt", "claimedById", "updatedAt")
    VALUES (${tagId}, ${businessId}, now(), ${userId}, now())
    ON CONFLICT ("id") DO UPDATE
      SET "businessId" = EXCLUDED."businessId", "claimedAt" = now(), "claimedById" = EXCLUDED."claimedById", "updatedAt" = now()
      WHERE "Tag"."businessId" IS NULL
    RETURNING "id"`;
  if (claimed.length === 0) throw new RegistrationConflict("tap_already_claimed");
}
