import { Client } from "pg";
import { sendStaffVerificationAction } from "@/lib/actions/staff-accept";
import { getCurrentUser } from "@/lib/auth/current-user";
import { verifyEmailWithToken } from "@/lib/auth/email-verification";
import { db } from "@/lib/db";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { listCustomers } from "@/lib/db/customers";
import { findActiveUserById } from "@/lib/db/users";
import { customerListParamsSchema } from "@/lib/validation/customers";
import { getOwnedBusiness } from "@/lib/db/businesses";
import { updateBusinessProfile } from "@/lib/business/update-profile";
import { createProgram, updateProgram } from "@/lib/business/programs";
import { linkCustomerViaQr, recordVisitViaQr } from "@/lib/qr/counter-visit";
import { getQrViewerContext } from "@/lib/qr/viewer";
import { findRewardToRedeem, getRewardForViewer } from "@/lib/db/rewards";
import { redeemReward, undoRedemption } from "@/lib/rewards/redeem";
import { listStaff, revokeInvite, revokeStaff } from "@/lib/db/staff";
import { acceptInvite, inviteStaff, viewInvite } from "@/lib/staff/invite-links";
import { claimTag, renameTag } from "@/lib/db/tags";
import { recordVisit } from "@/lib/tap/record-visit";
import { setMailer, type Mail } from "@/lib/mail";
import { INVITE_TTL_MS } from "@/lib/staff/invites";
import { businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { programInputSchema } from "@/lib/validation/programs";
import { QR_BUSINESS_NOT_FOUND_MESSAGE } from "@/lib/validation/qr";
import { text } from "../support/catalog";
import { createBusiness, createUser, earnReward, uid } from "../support/fixtures";
import { profileForm } from "../support/profile-form";

// Staff accounts end to end on the real database: the owner invites, the
// invited account accepts once, staff work the counter (QR visit, reward
// lookup, redeem, undo) with every action audited under their name, and
// nothing of the owner's (programs, tags, profile, invitations); revoked,
// their very next action is refused.

// The invitation page's "send me a confirmation link" is a server action: it
// reads the session through getCurrentUser and answers in English here.
jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

const outbox: Mail[] = [];
beforeAll(() => setMailer({ send: async (mail) => void outbox.push(mail) }));
afterAll(async () => {
  setMailer(null);
  await db.$disconnect();
});

/** The token of the last invitation link mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mail = [...outbox].reverse().find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /\/staff\/accept\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

async function auditOf(businessId: string, action: string) {
  return db.auditLog.findMany({ where: { businessId, action: action as never }, orderBy: { createdAt: "asc" } });
}

/** A business with a 2-stamp card and a customer holding a reward, and an invited, accepted staff member. */
async function businessWithStaff(at = new Date()) {
  const day = (n: number) => new Date(at.getTime() + (n - 3) * 86_400_000);
  const setup = await earnReward({ dayAt: day });
  const owner = await db.user.findUniqueOrThrow({ where: { id: setup.owner.user.id } });
  const email = `staff-${uid()}@example.test`;
  const { user: staff } = await createUser({ email, emailVerified: at, firstName: "Sam", lastName: "Staff" });
  expect(await inviteStaff(owner, setup.business.id, email, at)).toEqual({ ok: true, email });
  const accepted = await acceptInvite(staff, tokenMailedTo(email), at);
  expect(accepted).toEqual({ ok: true, businessId: setup.business.id, businessName: setup.business.name });
  return { ...setup, ownerUser: owner, staff };
}

describe("inviting", () => {
  it("mails a one-time link in the owner's language, stores only its hash, valid 7 days, and audits it", async () => {
    const { owner, business } = await createBusiness();
    const ownerUser = await db.user.update({ where: { id: owner.user.id }, data: { language: "es" } });
    const email = `Invitee-${uid()}@Example.TEST`;
    const now = new Date();
    expect(await inviteStaff(ownerUser, business.id, email, now)).toEqual({ ok: true, email: email.toLowerCase() });
    const mail = outbox.at(-1)!;
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toContain(business.name);
    expect(mail.text).toContain("7 días");
    const token = tokenMailedTo(email.toLowerCase());
    const stored = await db.staffInvite.findFirstOrThrow({ where: { businessId: business.id } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - now.getTime()).toBe(INVITE_TTL_MS);
    const [audit] = await auditOf(business.id, "STAFF_INVITED");
    expect(audit).toMatchObject({ actorId: owner.user.id, details: { email: email.toLowerCase() } });
  });

  it("re-inviting the same email replaces the pending invitation: the old link stops working", async () => {
    const { owner, business } = await createBusiness();
    const email = `again-${uid()}@example.test`;
    await inviteStaff(owner.user, business.id, email);
    const first = tokenMailedTo(email);
    await inviteStaff(owner.user, business.id, email);
    const second = tokenMailedTo(email);
    expect(second).not.toBe(first);
    const listed = await listStaff(owner.user.id, business.id);
    expect(listed?.invites.map((i) => i.email)).toEqual([email]);
    const { user } = await createUser({ email, emailVerified: new Date() });
    expect(await acceptInvite(user, first)).toEqual({ ok: false, reason: "revoked" });
    expect(await acceptInvite(user, second)).toMatchObject({ ok: true });
  });

  it("only the owner invites: staff, another owner and a customer get not_found and nothing is sent", async () => {
    const { business, staff } = await businessWithStaff();
    const other = await createBusiness();
    const { user: customer } = await createUser();
    const before = outbox.length;
    for (const who of [staff, other.owner.user, customer])
      expect(await inviteStaff(who, business.id, `x-${uid()}@example.test`)).toEqual({
        ok: false,
        reason: "not_found",
      });
    expect(outbox.length).toBe(before);
    expect(await db.staffInvite.count({ where: { businessId: business.id } })).toBe(1);
  });
});

describe("accepting", () => {
  it("makes the account staff once: the link cannot be used again, and STAFF_JOINED names them", async () => {
    const { business, staff, ownerUser } = await businessWithStaff();
    const row = await db.businessStaff.findUniqueOrThrow({
      where: { businessId_userId: { businessId: business.id, userId: staff.id } },
    });
    expect(row.invitedById).toBe(ownerUser.id);
    const invite = await db.staffInvite.findFirstOrThrow({ where: { businessId: business.id } });
    expect(invite.acceptedById).toBe(staff.id);
    const [joined] = await auditOf(business.id, "STAFF_JOINED");
    expect(joined).toMatchObject({ actorId: staff.id, actorName: "Sam S." });
    expect(await getCounterBusiness(staff.id, business.id)).toMatchObject({ id: business.id, access: "staff" });
  });

  it("refuses a used, an expired (8 days later), a revoked and a forged link, and another email", async () => {
    const { owner, business } = await createBusiness();
    const sent = new Date();
    const email = `late-${uid()}@example.test`;
    const { user } = await createUser({ email, emailVerified: new Date() });
    await inviteStaff(owner.user, business.id, email, sent);
    const token = tokenMailedTo(email);
    const eightDays = new Date(sent.getTime() + 8 * 86_400_000);
    expect(await viewInvite(token, user, eightDays)).toMatchObject({ refusal: "expired" });
    expect(await acceptInvite(user, token, eightDays)).toEqual({ ok: false, reason: "expired" });
    expect(await acceptInvite(user, `${token}x`)).toEqual({ ok: false, reason: "unknown" });
    expect(await acceptInvite(user, "")).toEqual({ ok: false, reason: "unknown" });

    const { user: someoneElse } = await createUser({ email: `other-${uid()}@example.test`, emailVerified: new Date() });
    expect(await acceptInvite(someoneElse, token)).toEqual({ ok: false, reason: "email_mismatch" });
    // The same address in other letters is the same mailbox.
    const upper = { ...user, email: email.toUpperCase() };
    expect(await acceptInvite(upper, token)).toMatchObject({ ok: true });
    expect(await acceptInvite(user, token)).toEqual({ ok: false, reason: "accepted" });

    const revokedEmail = `revoked-${uid()}@example.test`;
    const { user: revokedUser } = await createUser({ email: revokedEmail, emailVerified: new Date() });
    await inviteStaff(owner.user, business.id, revokedEmail);
    const revokedToken = tokenMailedTo(revokedEmail);
    const pending = await db.staffInvite.findFirstOrThrow({ where: { email: revokedEmail } });
    expect(await revokeInvite(owner.user, business.id, pending.id)).toBe(true);
    expect(await acceptInvite(revokedUser, revokedToken)).toEqual({ ok: false, reason: "revoked" });

    expect(await db.businessStaff.count({ where: { businessId: business.id } })).toBe(1);
    expect(await auditOf(business.id, "STAFF_JOINED")).toHaveLength(1);
  });

  it("an account whose email is not confirmed cannot accept, whatever it claims; a link mailed to the address first lets it", async () => {
    // Whoever holds the link signs up with the invited address (nobody has an
    // account there yet) and skips confirming it.
    const { owner, business } = await createBusiness();
    const email = `unconfirmed-${uid()}@example.test`;
    await inviteStaff(owner.user, business.id, email);
    const token = tokenMailedTo(email);
    const { user: holder } = await createUser({ email, emailVerified: null });
    expect(await viewInvite(token, holder)).toMatchObject({ refusal: "email_unverified" });
    expect(await acceptInvite(holder, token)).toEqual({ ok: false, reason: "email_unverified" });
    // The accepting statement reads the account's own row, not what the caller says of it.
    expect(await acceptInvite({ ...holder, emailVerified: new Date() }, token)).toEqual({
      ok: false,
      reason: "email_unverified",
    });
    expect(await db.businessStaff.count({ where: { businessId: business.id } })).toBe(0);
    expect(await db.staffInvite.findFirstOrThrow({ where: { email } })).toMatchObject({ acceptedAt: null });

    // Someone else signed in on the link is not sent anything.
    const { user: stranger } = await createUser({ email: `stranger-${uid()}@example.test` });
    jest.mocked(getCurrentUser).mockResolvedValue(await findActiveUserById(stranger.id));
    const mailed = outbox.length;
    expect(await sendStaffVerificationAction(token)).toEqual({
      ok: false,
      message: "This invitation was sent to another email address. Log in with that address to accept it.",
    });
    expect(outbox.length).toBe(mailed);

    // The invited address asks for a confirmation link from the invitation's page.
    jest.mocked(getCurrentUser).mockResolvedValue(await findActiveUserById(holder.id));
    const asked = await sendStaffVerificationAction(token);
    expect(asked).toMatchObject({ ok: true });
    expect(text("en", asked!.message)).toBe(`We sent a link to ${email}. Open it, then come back to this invitation.`);
    const mail = outbox.at(-1)!;
    expect(mail.to).toBe(email);
    const link = new URL(/https?:\/\/\S+\/auth\/verify-email\?\S+/.exec(mail.text)![0]);
    // The confirmation page leads back to the invitation.
    expect(link.searchParams.get("next")).toBe(`/staff/accept?token=${encodeURIComponent(token)}`);
    expect(await verifyEmailWithToken(link.searchParams.get("token")!)).toBe(true);
    const confirmed = (await findActiveUserById(holder.id))!;
    expect(await viewInvite(token, confirmed)).toMatchObject({ refusal: null });
    expect(await acceptInvite(confirmed, token)).toMatchObject({ ok: true, businessId: business.id });
    jest.mocked(getCurrentUser).mockResolvedValue(confirmed);
    expect(await sendStaffVerificationAction(token)).toMatchObject({ ok: false });
  });

  it("two acceptances of one link at once: exactly one wins", async () => {
    const { owner, business } = await createBusiness();
    const email = `race-${uid()}@example.test`;
    const { user } = await createUser({ email, emailVerified: new Date() });
    await inviteStaff(owner.user, business.id, email);
    const token = tokenMailedTo(email);
    const results = await Promise.all(Array.from({ length: 5 }, () => acceptInvite(user, token)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await auditOf(business.id, "STAFF_JOINED")).toHaveLength(1);
  });

  it("the owner cannot become staff of their own business", async () => {
    const { owner, business } = await createBusiness();
    expect(await inviteStaff(owner.user, business.id, owner.user.email!)).toEqual({ ok: false, reason: "own_email" });
    // An invitation written some other way is refused at acceptance too.
    const email = `owner-alias-${uid()}@example.test`;
    await inviteStaff(owner.user, business.id, email);
    const token = tokenMailedTo(email);
    expect(await acceptInvite({ ...owner.user, email }, token)).toEqual({ ok: false, reason: "owner" });
    expect(await db.businessStaff.count({ where: { businessId: business.id } })).toBe(0);
  });
});

describe("staff at the counter", () => {
  it("record a QR visit, look up, redeem and undo a reward, each audited with them as the actor", async () => {
    const { business, staff, customer, reward } = await businessWithStaff();
    const context = await getQrViewerContext(staff, customer.user.id, new Date());
    expect(context).toMatchObject({ kind: "signed-in", businesses: [{ id: business.id }] });

    const visit = await recordVisitViaQr(staff.id, business.id, customer.user.id, new Date(Date.now() + 86_400_000));
    expect(visit).toMatchObject({ ok: true });
    const [visited] = await auditOf(business.id, "VISIT_RECORDED");
    expect(visited).toMatchObject({ actorId: staff.id, actorName: "Sam S.", customerId: customer.user.id });

    expect(await findRewardToRedeem(staff.id, reward.code)).toMatchObject({ ok: true, rewardId: reward.id });
    expect(await getRewardForViewer(staff.id, reward.id)).toMatchObject({ viewer: "owner", staff: true });
    expect(await redeemReward(staff.id, { code: reward.code })).toMatchObject({ ok: true, rewardId: reward.id });
    const [redeemed] = await auditOf(business.id, "REDEMPTION");
    expect(redeemed).toMatchObject({
      actorId: staff.id,
      customerId: customer.user.id,
      details: { rewardId: reward.id },
    });
    expect(await undoRedemption(staff.id, reward.id)).toBe(true);
    const [undone] = await auditOf(business.id, "REDEMPTION_UNDONE");
    expect(undone).toMatchObject({ actorId: staff.id, customerId: customer.user.id });
  });

  it("cannot create or edit a program, claim or rename a tag, edit the profile, or open the business page", async () => {
    const { business, staff, tag } = await businessWithStaff();
    const program = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
    const input = programInputSchema.parse({
      businessId: business.id,
      type: "stamps",
      name: "Staff card",
      description: "",
      startDate: "",
      endDate: "",
      rules: { stampsRequired: 3 },
      rewardName: "Staff coffee",
      rewardDescription: "",
      rewardExpiryDays: 30,
    });
    expect(await createProgram(staff.id, input)).toBeNull();
    expect(await updateProgram(staff.id, program.id, input)).toMatchObject({ ok: false, code: "not_found" });
    expect(await claimTag(staff.id, business.id, `staff-${uid()}`)).toMatchObject({ ok: false });
    expect(await renameTag(staff.id, tag.id, "Staff's")).toBe(false);
    const edit = businessProfileUpdateSchema.parse(profileForm({ name: "Taken over" }));
    expect(await updateBusinessProfile(staff.id, business.id, edit)).toBeNull();
    expect(await getOwnedBusiness(staff.id, business.id)).toBeNull();
    expect(await listStaff(staff.id, business.id)).toBeNull();
    expect((await db.business.findUniqueOrThrow({ where: { id: business.id } })).name).toBe(business.name);
    expect(await db.program.count({ where: { businessId: business.id } })).toBe(1);
  });

  it("staff of another business are not found at this one", async () => {
    const { business, customer, reward } = await businessWithStaff();
    const other = await businessWithStaff();
    expect(await findRewardToRedeem(other.staff.id, reward.code)).toMatchObject({ ok: false, code: "not_found" });
    expect(await redeemReward(other.staff.id, { rewardId: reward.id })).toMatchObject({ ok: false, code: "not_found" });
    expect(await recordVisitViaQr(other.staff.id, business.id, customer.user.id)).toEqual({
      ok: false,
      error: QR_BUSINESS_NOT_FOUND_MESSAGE,
    });
  });
});

describe("revoking", () => {
  it("the next action of a revoked staff member is refused, and STAFF_REVOKED names the owner", async () => {
    const { business, staff, customer, reward, ownerUser } = await businessWithStaff();
    expect(await listStaff(ownerUser.id, business.id)).toMatchObject({
      staff: [{ userId: staff.id, name: "Sam S.", email: staff.email, invitedBy: "Test U." }],
    });
    expect(await revokeStaff(staff, business.id, staff.id)).toBe(false);
    expect(await revokeStaff(ownerUser, business.id, staff.id)).toBe(true);
    expect(await revokeStaff(ownerUser, business.id, staff.id)).toBe(false);
    const [revoked] = await auditOf(business.id, "STAFF_REVOKED");
    expect(revoked).toMatchObject({ actorId: ownerUser.id, details: { userId: staff.id } });

    expect(await findRewardToRedeem(staff.id, reward.code)).toMatchObject({ ok: false, code: "not_found" });
    expect(await redeemReward(staff.id, { rewardId: reward.id })).toMatchObject({ ok: false, code: "not_found" });
    expect(await recordVisitViaQr(staff.id, business.id, customer.user.id)).toEqual({
      ok: false,
      error: QR_BUSINESS_NOT_FOUND_MESSAGE,
    });
    expect(await linkCustomerViaQr(staff.id, business.id, customer.user.id)).toMatchObject({ ok: false });
    expect(await getRewardForViewer(staff.id, reward.id)).toBeNull();
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
    expect(await auditOf(business.id, "REDEMPTION")).toHaveLength(0);
  });

  it("an invitation revoked while its acceptance waits on the row lock leaves no staff row", async () => {
    const { owner, business } = await createBusiness();
    const email = `locked-${uid()}@example.test`;
    const { user } = await createUser({ email, emailVerified: new Date() });
    await inviteStaff(owner.user, business.id, email);
    const token = tokenMailedTo(email);
    const invite = await db.staffInvite.findFirstOrThrow({ where: { email } });
    // Another connection holds the invitation's row; the acceptance queues behind it.
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM "StaffInvite" WHERE "id" = $1 FOR UPDATE`, [invite.id]);
      const [{ pid }] = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [
        { pid: number },
      ];
      const accepting = acceptInvite(user, token);
      for (let waited = 0; ; waited += 20) {
        const { rows } = await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
          [pid],
        );
        if (rows[0]!.n > 0) break;
        if (waited > 10_000) throw new Error("the acceptance never waited on the invitation's row");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The owner's withdrawal (revokeInvite's statement) commits while the acceptance waits.
      await holder.query(
        `UPDATE "StaffInvite" SET "revokedAt" = now() WHERE "id" = $1 AND "acceptedAt" IS NULL AND "revokedAt" IS NULL`,
        [invite.id],
      );
      await holder.query("COMMIT");
      expect(await accepting).toEqual({ ok: false, reason: "revoked" });
    } finally {
      await holder.end();
    }
    expect(await db.businessStaff.count({ where: { businessId: business.id } })).toBe(0);
    expect(await auditOf(business.id, "STAFF_JOINED")).toHaveLength(0);
    expect(await getCounterBusiness(user.id, business.id)).toBeNull();
  }, 20_000);

  it("a revoked staff member is refused by the counter lookup, the customer list and the customer card", async () => {
    const { business, staff, customer, reward, ownerUser } = await businessWithStaff();
    const params = customerListParamsSchema.parse({});
    // Loaded while they still worked there, as a page already open would hold it.
    const counter = (await getCounterBusiness(staff.id, business.id))!;
    expect(counter).toMatchObject({ access: "staff" });
    expect((await listCustomers(staff.id, business.id, params))!.rows.map((r) => r.userId)).toEqual([customer.user.id]);
    expect(await getCustomerCard(staff.id, counter, customer.user.id)).not.toBeNull();
    expect(await findRewardToRedeem(staff.id, reward.code)).toMatchObject({ ok: true });

    expect(await revokeStaff(ownerUser, business.id, staff.id)).toBe(true);
    expect(await getCounterBusiness(staff.id, business.id)).toBeNull();
    expect(await findRewardToRedeem(staff.id, reward.code)).toMatchObject({ ok: false, code: "not_found" });
    expect(await getQrViewerContext(staff, customer.user.id, new Date())).toMatchObject({ businesses: [] });
    expect(await listCustomers(staff.id, business.id, params)).toBeNull();
    expect(await getCustomerCard(staff.id, counter, customer.user.id)).toBeNull();
    expect(await listStaff(ownerUser.id, business.id)).toMatchObject({ staff: [] });
  });

  it("a redemption undone by a revoked staff member is refused", async () => {
    const { business, staff, reward, ownerUser } = await businessWithStaff();
    expect(await redeemReward(staff.id, { rewardId: reward.id })).toMatchObject({ ok: true });
    await revokeStaff(ownerUser, business.id, staff.id);
    expect(await undoRedemption(staff.id, reward.id)).toBe(false);
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("REDEEMED");
  });

  it("the visit statement itself checks the worker: a visit with a worker who is not staff writes nothing", async () => {
    const { business, customer } = await businessWithStaff();
    const { user: stranger } = await createUser();
    const before = await db.tap.count({ where: { businessId: business.id } });
    const outcome = await recordVisit({
      userId: customer.user.id,
      businessId: business.id,
      tagId: null,
      source: "QR",
      actorId: stranger.id,
      now: new Date(Date.now() + 5 * 86_400_000),
    });
    expect(outcome).toEqual({ ok: false, reason: "business_not_found" });
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(before);
  });
});
