import { randomUUID } from "node:crypto";
import { deleteBusiness } from "@/lib/business/delete-business";
import { db } from "@/lib/db";
import { appendAudit } from "@/lib/db/audit";
import { getBoss } from "@/lib/jobs/boss";
import { jobIdFor } from "@/lib/jobs/enqueue";
import { HANDLERS } from "@/lib/jobs/handlers";
import { setMailer } from "@/lib/mail";
import { recordVisitViaQr } from "@/lib/qr/counter-visit";
import { recordTap } from "@/lib/tap/record";
import { createBusiness, createUser, stampsProgram, uid } from "../support/fixtures";
import { appleTestCredentials } from "../support/apple-wallet-certs";
import { googleWalletTestEnv } from "../support/google-wallet-service";
import { jobsWhere } from "../support/jobs";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-server";

// Deleting a business (docs/business-lifecycle.md) on a real database: every
// personal row of it goes in one transaction, its tags are free again, its
// audit log stays, pseudonymous, in AuditLogArchive (the database does that,
// whatever deletes the row), and its customers' mails and the wallet passes'
// voiding are queued in the same transaction. The mails go through the
// product's SMTP mailer to a stand-in server, once per customer however often
// a job runs.

// Each test makes a business with visits, wallets and audit entries first: room for a loaded machine.
jest.setTimeout(30_000);

const saved = { ...process.env };
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  await getBoss();
});
beforeEach(() => {
  Object.assign(
    process.env,
    { SMTP_URL: smtp.url },
    googleWalletTestEnv(),
    appleTestCredentials().env("http://127.0.0.1:9"),
  );
  setMailer(null);
});
afterEach(() => {
  process.env = { ...saved };
  setMailer(null);
});
afterAll(async () => {
  await smtp.close();
  await db.$disconnect();
});

const job = { id: "test-job", retryCount: 0 };
const NOW = new Date("2027-05-10T10:00:00Z");
const identity = (userId: string) => ({ userId, sessionVersion: 0 });

/**
 * A business with everything a business has: customers with cards, visits and
 * rewards (one in Google Wallet, one in Apple Wallet on a device), a guest,
 * consents, contacts, opt-outs, a campaign, an automation, a webhook, an API
 * key, staff, an invitation, a purchase, a secure-tag log, a stored tap
 * answer, and audit entries naming customers, an actor and an address.
 */
async function fullBusiness() {
  const setup = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(2)] });
  const { business, owner, tag } = setup;
  const ana = await createUser({ email: `ana-${uid()}@example.test`, firstName: "Ana", language: "es" });
  // Notification mails switched off: a service message about her card still reaches her.
  const bob = await createUser({ email: `bob-${uid()}@example.test`, firstName: "Bob", notificationsEnabled: false });
  const guest = await createUser({ email: null, guest: true, firstName: null, lastName: null });
  const staff = await createUser();
  await db.businessStaff.create({ data: { businessId: business.id, userId: staff.user.id } });

  for (const person of [ana, bob, guest]) {
    for (const day of ["2027-05-01T10:00:00Z", "2027-05-02T10:00:00Z"])
      expect(
        (await recordTap(identity(person.user.id), tag.id, new Date(day), {}, `key-${uid()}-${uid()}`)).httpStatus,
      ).toBe(200);
  }
  expect((await recordVisitViaQr(staff.user.id, business.id, ana.user.id, new Date("2027-05-03T10:00:00Z"))).ok).toBe(
    true,
  );
  const card = (userId: string) =>
    db.membership.findFirstOrThrow({ where: { businessId: business.id, userId }, select: { id: true } });
  const anaCard = await card(ana.user.id);
  const bobCard = await card(bob.user.id);
  await db.googleWalletObject.create({
    data: { membershipId: anaCard.id, objectId: `3388000000022299999.${anaCard.id}` },
  });
  const pass = await db.applePass.create({
    data: {
      serialNumber: randomUUID(),
      authenticationToken: randomUUID(),
      membershipId: bobCard.id,
      businessName: business.name,
      registrations: { create: { deviceLibraryIdentifier: `dev-${uid()}`, pushToken: "ab".repeat(32) } },
    },
  });
  await db.marketingConsent.create({ data: { userId: ana.user.id, businessId: business.id, source: "card" } });
  await db.marketingContact.create({
    data: { userId: ana.user.id, businessId: business.id, windowStart: NOW, lastSentAt: NOW, sentInWindow: 1 },
  });
  await db.mailOptOut.create({ data: { userId: bob.user.id, businessId: business.id } });
  const campaign = await db.campaign.create({
    data: { businessId: business.id, name: "Spring", message: "Hi", seed: "s", createdById: owner.user.id },
  });
  await db.campaignRecipient.create({
    data: { campaignId: campaign.id, businessId: business.id, userId: ana.user.id, heldOut: false, status: "SENT" },
  });
  await db.automation.create({ data: { businessId: business.id, kind: "WIN_BACK", message: "Come back" } });
  await db.webhookEndpoint.create({
    data: {
      businessId: business.id,
      url: "https://hooks.example.test/x",
      events: ["visit.recorded"],
      secretEncrypted: "x",
    },
  });
  await db.apiKey.create({
    data: { businessId: business.id, name: "Till", prefix: "lt_live_abc", secretHash: randomUUID(), scopes: ["read"] },
  });
  await db.staffInvite.create({
    data: {
      businessId: business.id,
      email: `invitee-${uid()}@example.test`,
      tokenHash: randomUUID(),
      expiresAt: NOW,
    },
  });
  await db.purchase.create({
    data: { businessId: business.id, membershipId: anaCard.id, amountCents: 1200, currency: "EUR", actorKind: "owner" },
  });
  await db.tagRejection.create({ data: { tagId: tag.id, day: NOW, reason: "BAD_MAC", count: 2 } });
  // The audit log's words about people: an adjustment's reason naming a customer, an invitation's address, a merge.
  await appendAudit({
    businessId: business.id,
    action: "ADJUSTMENT",
    actorId: owner.user.id,
    actorName: "Olga Owner",
    customerId: ana.user.id,
    reason: "Ana García forgot her card",
    before: { count: 1 },
    after: { count: 2 },
    details: { delta: 1 },
  });
  await appendAudit({
    businessId: business.id,
    action: "STAFF_INVITED",
    actorId: owner.user.id,
    actorName: "Olga Owner",
    details: { email: "invitee@example.test", inviteId: "i1" },
  });
  await appendAudit({
    businessId: business.id,
    action: "CUSTOMER_MERGED",
    actorId: null,
    customerId: bob.user.id,
    details: { guestId: guest.user.id, visits: 1 },
  });
  return { ...setup, ana, bob, guest, staff, anaCard, bobCard, pass };
}

/** Every row that names the business, table by table (zero everywhere once it is deleted). */
async function rowsOf(businessId: string) {
  const where = { businessId };
  const counts = await Promise.all([
    db.business.count({ where: { id: businessId } }),
    db.location.count({ where }),
    db.program.count({ where }),
    db.membership.count({ where }),
    db.tap.count({ where }),
    db.reward.count({ where }),
    db.dailyTapCount.count({ where }),
    db.businessDailyStat.count({ where }),
    db.businessStaff.count({ where }),
    db.staffInvite.count({ where }),
    db.auditLog.count({ where }),
    db.marketingConsent.count({ where }),
    db.marketingContact.count({ where }),
    db.mailOptOut.count({ where }),
    db.campaign.count({ where }),
    db.campaignRecipient.count({ where }),
    db.automation.count({ where }),
    db.webhookEndpoint.count({ where }),
    db.apiKey.count({ where }),
    db.purchase.count({ where }),
    db.tag.count({ where }),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

describe("deleting a business", () => {
  it("refuses a name that is not the business's, and someone else's business: nothing changes", async () => {
    const { owner, business } = await fullBusiness();
    const before = await rowsOf(business.id);
    expect(await deleteBusiness(owner.user.id, business.id, "Not the name", NOW)).toMatchObject({
      ok: false,
      fieldErrors: { name: "lifecycle.delete.nameMismatch" },
    });
    const stranger = await createUser();
    expect(await deleteBusiness(stranger.user.id, business.id, business.name, NOW)).toMatchObject({ ok: false });
    expect(await rowsOf(business.id)).toBe(before);
    expect(await db.deletedBusiness.count({ where: { id: business.id } })).toBe(0);
  });

  it("removes every personal row of the business, releases its tags and keeps the customers' and owner's accounts", async () => {
    const world = await fullBusiness();
    const { owner, business, tag } = world;
    expect(await rowsOf(business.id)).toBeGreaterThan(20);
    expect(await db.tapIdempotencyKey.count({ where: { userId: world.ana.user.id } })).toBe(2);

    // The name as typed: spaces around it do not matter.
    expect(await deleteBusiness(owner.user.id, business.id, `  ${business.name} `, NOW)).toEqual({
      ok: true,
      businessId: business.id,
      name: business.name,
      already: false,
    });

    expect(await rowsOf(business.id)).toBe(0);
    expect(await db.progress.count({ where: { membershipId: { in: [world.anaCard.id, world.bobCard.id] } } })).toBe(0);
    expect(await db.googleWalletObject.count({ where: { membershipId: world.anaCard.id } })).toBe(0);
    // The stored answers of taps on its tag named the business and the customers' rewards.
    expect(await db.tapIdempotencyKey.count({ where: { userId: world.ana.user.id } })).toBe(0);
    // Free to claim again, with a clean secure-tag log.
    expect(await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).toMatchObject({
      businessId: null,
      locationId: null,
      claimedAt: null,
      claimedById: null,
      label: null,
      secure: false,
    });
    expect(await db.tagRejection.count({ where: { tagId: tag.id } })).toBe(0);
    // People stay: the owner, the customers, the staff member.
    expect(
      await db.user.count({
        where: { id: { in: [owner.user.id, world.ana.user.id, world.bob.user.id, world.staff.user.id] } },
      }),
    ).toBe(4);
    expect(await db.deletedBusiness.findUniqueOrThrow({ where: { id: business.id } })).toMatchObject({
      ownerId: owner.user.id,
      name: business.name,
      customers: 3,
      mailed: 2,
    });
  });

  it("keeps the audit log, pseudonymous: no customer id, name, reason or address, the same pseudonym for the same customer", async () => {
    const world = await fullBusiness();
    const { owner, business } = world;
    const entries = await db.auditLog.count({ where: { businessId: business.id } });
    expect(entries).toBe(4);
    expect((await deleteBusiness(owner.user.id, business.id, business.name, NOW)).ok).toBe(true);

    const archived = await db.auditLogArchive.findMany({
      where: { businessId: business.id },
      orderBy: { createdAt: "asc" },
    });
    expect(archived.map((row) => row.action).sort()).toEqual(
      ["ADJUSTMENT", "CUSTOMER_MERGED", "STAFF_INVITED", "VISIT_RECORDED"].sort(),
    );
    const whole = JSON.stringify(archived);
    for (const secret of [
      world.ana.user.id,
      world.bob.user.id,
      world.guest.user.id,
      "Ana García",
      "Olga Owner",
      "invitee@example.test",
    ])
      expect(whole).not.toContain(secret);
    const adjustment = archived.find((row) => row.action === "ADJUSTMENT")!;
    const visit = archived.find((row) => row.action === "VISIT_RECORDED")!;
    expect(adjustment).toMatchObject({
      actorId: owner.user.id,
      before: { count: 1 },
      after: { count: 2 },
      details: { delta: 1 },
    });
    expect(adjustment.customerRef).toMatch(/^anon_[0-9a-f]{24}$/);
    // Ana's adjustment and Ana's visit: one pseudonym.
    expect(visit.customerRef).toBe(adjustment.customerRef);
    expect(visit.actorId).toBe(world.staff.user.id);
    expect(archived.find((row) => row.action === "STAFF_INVITED")!.details).toEqual({ inviteId: "i1" });
    const merged = archived.find((row) => row.action === "CUSTOMER_MERGED")!;
    expect((merged.details as { guestId: string }).guestId).toMatch(/^anon_[0-9a-f]{24}$/);

    // The database keeps it so: the archive takes no update, no delete, and no customer id.
    await expect(
      db.$executeRaw`UPDATE "AuditLogArchive" SET "actorId" = NULL WHERE "businessId" = ${business.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM "AuditLogArchive" WHERE "businessId" = ${business.id}`).rejects.toThrow(
      /append-only/,
    );
    await expect(
      db.auditLogArchive.create({
        data: {
          id: randomUUID(),
          businessId: business.id,
          action: "ADJUSTMENT",
          customerRef: world.ana.user.id,
          createdAt: NOW,
        },
      }),
    ).rejects.toThrow();
  });

  it("whatever deletes the business row, its audit log is archived first", async () => {
    const { business, owner } = await createBusiness();
    await appendAudit({
      businessId: business.id,
      action: "EXPORT",
      actorId: owner.user.id,
      actorName: "Olga",
      details: {},
    });
    await db.business.delete({ where: { id: business.id } });
    expect(await db.auditLogArchive.count({ where: { businessId: business.id } })).toBe(1);
  });

  it("tells each customer with an address once, in their language, even if the job runs twice; voids the wallet passes", async () => {
    const world = await fullBusiness();
    const { owner, business } = world;
    expect((await deleteBusiness(owner.user.id, business.id, business.name, NOW)).ok).toBe(true);

    const mails = await jobsWhere(["mail.business-deleted"], "businessId", [business.id]);
    expect(mails.map((queued) => queued.data.userId).sort()).toEqual([world.ana.user.id, world.bob.user.id].sort());
    expect(mails.map((queued) => queued.id).sort()).toEqual(
      [world.ana, world.bob]
        .map((p) => jobIdFor("mail.business-deleted", `business-deleted:${business.id}:${p.user.id}`))
        .sort(),
    );
    // Every job run twice, and one of them twice at once: one mail per customer.
    for (const queued of mails) await HANDLERS["mail.business-deleted"]!(queued.data, job);
    await Promise.all(mails.map((queued) => HANDLERS["mail.business-deleted"]!(queued.data, job)));
    await HANDLERS["mail.business-deleted"]!(mails[0]!.data, job);

    const toAna = smtp.to(world.ana.user.email!);
    const toBob = smtp.to(world.bob.user.email!);
    expect([toAna.length, toBob.length]).toEqual([1, 1]);
    expect(toAna[0]!.parsed.subject).toBe(`Se ha eliminado tu tarjeta de ${business.name}`);
    expect(toBob[0]!.parsed.subject).toBe(`Your card at ${business.name} was deleted`);
    expect(toBob[0]!.parsed.text).toContain("You had 1 reward ready there.");
    // A service message: no unsubscribe link, no marketing header.
    expect(toBob[0]!.parsed.headers.has("list-unsubscribe")).toBe(false);

    // Google Wallet: the card's object is made inactive; Apple Wallet: the pass is voided and its device told.
    const googleVoids = await db.$queryRaw<{ data: { objectIds: string[] } }[]>`
      SELECT data FROM jobs.job WHERE name = 'wallet.google-void' AND data->'objectIds' ? ${`3388000000022299999.${world.anaCard.id}`}`;
    expect(googleVoids).toHaveLength(1);
    expect((await db.applePass.findUniqueOrThrow({ where: { id: world.pass.id } })).voidedAt).not.toBeNull();
    const appleVoids = await db.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM jobs.job WHERE name = 'wallet.apple-void' AND data->'passIds' ? ${world.pass.id}`;
    expect(appleVoids).toHaveLength(1);
  });

  it("is idempotent: a second request answers 'already deleted' and queues nothing more", async () => {
    const world = await fullBusiness();
    const { owner, business } = world;
    expect((await deleteBusiness(owner.user.id, business.id, business.name, NOW)).ok).toBe(true);
    const jobsAfterFirst = await jobsWhere(["mail.business-deleted"], "businessId", [business.id]);
    expect(await deleteBusiness(owner.user.id, business.id, business.name, NOW)).toEqual({
      ok: true,
      businessId: business.id,
      name: business.name,
      already: true,
    });
    expect(await jobsWhere(["mail.business-deleted"], "businessId", [business.id])).toEqual(jobsAfterFirst);
    expect(await db.auditLogArchive.count({ where: { businessId: business.id } })).toBe(4);
    // Another owner asking about it learns nothing.
    const stranger = await createUser();
    expect(await deleteBusiness(stranger.user.id, business.id, business.name, NOW)).toMatchObject({ ok: false });
  });
});
