// "Create your card" on a public card: the sign-up joins the card's business in
// the same transaction, so the first tap and the owner's scan of the customer's
// QR find them linked already, without another "Link me".
import { registerCustomerAction } from "@/lib/actions/register";
import { db } from "@/lib/db";
import { linkCustomerViaQr } from "@/lib/qr/counter-visit";
import { getQrViewerContext } from "@/lib/qr/viewer";
import { joinBusinessBySlug } from "@/lib/db/registration";
import { recordVisit } from "@/lib/tap/record-visit";
import { uniqueEmail } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

const request = { headers: new Headers(), cookies: new Map<string, string>() };
jest.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined),
    set: (name: string, value: string) => request.cookies.set(name, value),
  }),
}));
jest.mock("next-intl/server", () => ({
  getTranslations: async () =>
    (jest.requireActual("../support/catalog") as typeof import("../support/catalog")).translator("en"),
}));

const PASSWORD = "correct horse battery";

async function signUp(context: { tapId: string | null; redirect: string | null; businessSlug?: unknown }) {
  request.headers = new Headers({ "x-loyaltap-client-ip": `10.8.${Math.floor(Math.random() * 250)}.1` });
  request.cookies.clear();
  const email = uniqueEmail("card");
  const result = await registerCustomerAction(
    { firstName: "Marta", lastName: "Soler", email, password: PASSWORD, confirmPassword: PASSWORD },
    context as { tapId: string | null; redirect: string | null; businessSlug: string | null },
  );
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, referredById: true } });
  return { result, user };
}

const signUpFor = (businessSlug: string) => signUp({ tapId: null, redirect: null, businessSlug });

const membershipsOf = (userId: string) =>
  db.membership.findMany({ where: { userId }, select: { businessId: true, via: true, visitCount: true } });

afterAll(() => db.$disconnect());

describe("signing up from a public card", () => {
  it("makes the customer a member of the card's business and lands on the wallet", async () => {
    const { business } = await createBusiness();
    const { result, user } = await signUp({ tapId: null, redirect: null, businessSlug: business.slug });
    expect(result).toEqual({ ok: true, redirectTo: "/dashboard/wallet" });
    expect(await membershipsOf(user.id)).toEqual([{ businessId: business.id, via: "CARD", visitCount: 0 }]);
  });

  it("lets the owner's QR scan find the customer linked already", async () => {
    const { owner, business } = await createBusiness();
    const { user } = await signUp({ tapId: null, redirect: null, businessSlug: business.slug });
    const context = await getQrViewerContext(owner.user, user.id, new Date());
    expect(context).toMatchObject({ kind: "signed-in", businesses: [{ id: business.id, linked: true }] });
    expect(await linkCustomerViaQr(owner.user.id, business.id, user.id)).toMatchObject({ ok: true, created: false });
  });

  it("counts the first tap on the membership made at sign-up", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(5)] });
    const { user } = await signUp({ tapId: null, redirect: null, businessSlug: business.slug });
    const visit = await recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG" });
    expect(visit).toMatchObject({ ok: true, newlyLinked: false });
    expect(await membershipsOf(user.id)).toEqual([{ businessId: business.id, via: "CARD", visitCount: 1 }]);
  });

  it("creates the account without a membership when the business no longer exists", async () => {
    const { result, user } = await signUp({ tapId: null, redirect: null, businessSlug: "no-such-business-here" });
    expect(result).toEqual({ ok: true, redirectTo: "/dashboard" });
    expect(await membershipsOf(user.id)).toEqual([]);
  });

  it("drops a malformed slug instead of looking it up", async () => {
    const { result, user } = await signUp({ tapId: null, redirect: null, businessSlug: "../admin users" });
    expect(result).toEqual({ ok: true, redirectTo: "/dashboard" });
    expect(await membershipsOf(user.id)).toEqual([]);
  });

  it("keeps a checked redirect before the wallet, and refuses another origin", async () => {
    const { business } = await createBusiness();
    const kept = await signUp({ tapId: null, redirect: `/b/${business.slug}`, businessSlug: business.slug });
    expect(kept.result).toEqual({ ok: true, redirectTo: `/b/${business.slug}` });
    const refused = await signUp({ tapId: null, redirect: "//evil.example/", businessSlug: business.slug });
    expect(refused.result).toEqual({ ok: true, redirectTo: "/dashboard/wallet" });
  });
});

describe("joining from a card with an account already", () => {
  it("adds the business once and keeps how an earlier link was made", async () => {
    const { business } = await createBusiness();
    const { user } = await createUser();
    expect(await joinBusinessBySlug(user.id, business.slug)).toEqual({ businessId: business.id, created: true });
    expect(await joinBusinessBySlug(user.id, business.slug)).toEqual({ businessId: business.id, created: false });
    expect(await membershipsOf(user.id)).toEqual([{ businessId: business.id, via: "CARD", visitCount: 0 }]);

    const other = await createBusiness();
    const { user: tapper } = await createUser();
    await recordVisit({ userId: tapper.id, businessId: other.business.id, tagId: other.tag.id, source: "TAG" });
    expect(await joinBusinessBySlug(tapper.id, other.business.slug)).toMatchObject({ created: false });
    expect(await membershipsOf(tapper.id)).toEqual([{ businessId: other.business.id, via: "TAP", visitCount: 1 }]);
  });

  it("does not join a business whose card is withdrawn (its owner disabled) or unknown", async () => {
    const { owner, business } = await createBusiness();
    await db.user.update({ where: { id: owner.user.id }, data: { disabledAt: new Date() } });
    const { user } = await createUser();
    expect(await joinBusinessBySlug(user.id, business.slug)).toBeNull();
    expect(await joinBusinessBySlug(user.id, "no-such-business-here")).toBeNull();
    const signUp = await signUpFor(business.slug);
    expect(await membershipsOf(signUp.user.id)).toEqual([]);
  });
});
