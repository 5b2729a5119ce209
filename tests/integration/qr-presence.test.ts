import { db } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { linkPresentCustomer, qrPageContext, recordPresentCustomerVisit } from "@/lib/qr/counter";
import { qrPresenceToken } from "@/lib/qr/presence";
import { qrTokenKey, signQrToken } from "@/lib/qr/presence-token";
import { QR_TOKEN_TTL_MS } from "@/lib/qr/timing";
import { QR_NOT_PRESENT_MESSAGE } from "@/lib/validation/qr";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// The counter's actions on /qr/{userId} need the customer's presence: the
// short-lived signed token of the QR their app shows (docs/authentication.md,
// "QR presence tokens"). A user id alone — the referral address friends
// share — links nobody and records nothing. The clock is moved by passing
// `now`, as the pages do with requestNow.

// The first query connects and a visit starts the job queue, once per process:
// on a busy machine that alone can take seconds, so it happens here, not in a test's 5.
beforeAll(async () => {
  await jobQueueReady();
  await db.user.count();
}, 30_000);
afterAll(() => db.$disconnect());

const noon = (iso: string) => new Date(`${iso}T10:00:00Z`);
const NOT_PRESENT = { ok: false, error: QR_NOT_PRESENT_MESSAGE };

async function counterSetup() {
  const { owner, business } = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(3)] });
  const { user: customer } = await createUser({ firstName: "Ada", phone: `+34${Date.now()}` });
  const { user: stranger } = await createUser();
  return { owner: owner.user, business, customer, stranger };
}

const membershipsOf = (userId: string) => db.membership.count({ where: { userId } });
const tapsOf = (userId: string) => db.tap.count({ where: { userId } });

describe("linking a customer from their QR", () => {
  it("without a token: refused, nothing linked", async () => {
    const { owner, business, customer } = await counterSetup();
    const now = noon("2026-06-01");
    for (const token of [undefined, "", "garbage", "1.AAAAAAAAAAAAAAAAAAAAAA"])
      expect(await linkPresentCustomer(owner.id, business.id, customer.id, token, now)).toEqual(NOT_PRESENT);
    expect(await membershipsOf(customer.id)).toBe(0);
  });

  it("with an expired token (the clock moved past its 5 minutes): refused, nothing linked", async () => {
    const { owner, business, customer } = await counterSetup();
    const shown = noon("2026-06-01");
    const { token } = qrPresenceToken(customer.id, shown);
    const later = new Date(shown.getTime() + QR_TOKEN_TTL_MS + 1000);
    expect(await linkPresentCustomer(owner.id, business.id, customer.id, token, later)).toEqual(NOT_PRESENT);
    expect(await membershipsOf(customer.id)).toBe(0);
  });

  it("with another user's token, or one signed with another key: refused, nothing linked", async () => {
    const { owner, business, customer, stranger } = await counterSetup();
    const now = noon("2026-06-01");
    const theirs = qrPresenceToken(stranger.id, now).token;
    expect(await linkPresentCustomer(owner.id, business.id, customer.id, theirs, now)).toEqual(NOT_PRESENT);
    const forged = signQrToken(customer.id, now, qrTokenKey("another-deployment-secret-0123456789")).token;
    expect(await linkPresentCustomer(owner.id, business.id, customer.id, forged, now)).toEqual(NOT_PRESENT);
    expect(await membershipsOf(customer.id)).toBe(0);
  });

  it("with the token the customer's QR shows, until it expires: linked", async () => {
    const { owner, business, customer } = await counterSetup();
    const shown = noon("2026-06-01");
    const { token, expiresAt } = qrPresenceToken(customer.id, shown);
    expect(expiresAt.getTime() - shown.getTime()).toBe(QR_TOKEN_TTL_MS);
    const scanned = new Date(shown.getTime() + QR_TOKEN_TTL_MS - 1000);
    expect(await linkPresentCustomer(owner.id, business.id, customer.id, token, scanned)).toEqual({
      ok: true,
      businessName: business.name,
      created: true,
    });
    expect(await db.membership.findFirstOrThrow({ where: { userId: customer.id } })).toMatchObject({
      businessId: business.id,
      via: "QR",
    });
  });
});

describe("recording a visit from a customer's QR", () => {
  it("without a token, with an expired one or another user's: refused, no visit, no link", async () => {
    const { owner, business, customer, stranger } = await counterSetup();
    const now = noon("2026-06-02");
    const stale = qrPresenceToken(customer.id, new Date(now.getTime() - QR_TOKEN_TTL_MS - 1000)).token;
    const theirs = qrPresenceToken(stranger.id, now).token;
    for (const token of [undefined, stale, theirs])
      expect(await recordPresentCustomerVisit(owner.id, business.id, customer.id, token, now)).toEqual(NOT_PRESENT);
    expect(await tapsOf(customer.id)).toBe(0);
    expect(await membershipsOf(customer.id)).toBe(0);
  });

  it("with a valid token: recorded through the engine", async () => {
    const { owner, business, customer } = await counterSetup();
    const now = noon("2026-06-02");
    const { token } = qrPresenceToken(customer.id, now);
    expect(await recordPresentCustomerVisit(owner.id, business.id, customer.id, token, now)).toMatchObject({
      ok: true,
      visit: { businessName: business.name, newlyLinked: true },
    });
    expect(await tapsOf(customer.id)).toBe(1);
  });
});

describe("the QR page's counter view", () => {
  it("an owner without a valid token gets the friend's view: no businesses to act for", async () => {
    const { owner, business, customer } = await counterSetup();
    const now = noon("2026-06-03");
    const viewer = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(await qrPageContext(viewer, customer.id, undefined, now)).toMatchObject({
      kind: "signed-in",
      businesses: [],
      needsPresence: true,
    });
    const expired = qrPresenceToken(customer.id, new Date(now.getTime() - QR_TOKEN_TTL_MS)).token;
    expect(await qrPageContext(viewer, customer.id, expired, now)).toMatchObject({ businesses: [] });
    const { token } = qrPresenceToken(customer.id, now);
    expect(await qrPageContext(viewer, customer.id, token, now)).toMatchObject({
      kind: "signed-in",
      businesses: [{ id: business.id, linked: false }],
      needsPresence: false,
    });
  });

  it("a customer who works nowhere sees the same page with or without a token", async () => {
    const { customer, stranger } = await counterSetup();
    const now = noon("2026-06-03");
    expect(await qrPageContext(stranger, customer.id, undefined, now)).toMatchObject({
      kind: "signed-in",
      businesses: [],
      needsPresence: false,
      referral: { state: expect.any(String) },
    });
  });
});
