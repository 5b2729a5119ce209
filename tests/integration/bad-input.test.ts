import { POST as emailLink } from "@/app/api/auth/email-link/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as startCard } from "@/app/tap/start/route";
import PublicBusinessPage, { generateMetadata } from "@/app/(card)/b/[slug]/[[...lang]]/page";
import BusinessImage from "@/app/b/[slug]/opengraph-image";
import { db } from "@/lib/db";
import { getPublicBusinessBySlug } from "@/lib/db/businesses";
import { call, uniqueEmail } from "../support/api";

// Bad input gets a 4xx (or the not-found page) and changes nothing; it never
// reaches PostgreSQL, which answers NUL in text with error 22021 (a 500).

const NUL = "\u0000";

function businessPayload(email: string) {
  return {
    email,
    password: "correct horse battery",
    metadata: { first_name: "Marta", last_name: "Puig" },
    business: { name: "Forn Gràcia" },
    tap_id: null,
    business_profile: { keywords: ["Bakery"], phone: "+34 930 111 222", address: "Carrer Gran 1, Barcelona" },
  };
}

afterAll(async () => {
  await db.$disconnect();
});

describe("NUL bytes in POST /api/auth/register", () => {
  it.each([
    ["metadata.first_name", (p: ReturnType<typeof businessPayload>) => (p.metadata.first_name = `Marta${NUL}`)],
    ["business.name", (p: ReturnType<typeof businessPayload>) => (p.business.name = `Forn${NUL}`)],
    ["a keyword", (p: ReturnType<typeof businessPayload>) => (p.business_profile.keywords = [`Bakery${NUL}`])],
    ["the address", (p: ReturnType<typeof businessPayload>) => (p.business_profile.address = `Gran 1${NUL}`)],
  ])("in %s → 400 with a clear message, no account created", async (_field, spoil) => {
    const email = uniqueEmail("nul");
    const payload = businessPayload(email);
    spoil(payload);
    const res = await call(register, "POST", "/api/auth/register", { body: payload });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/control characters/);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("the same payload without the NUL registers (the test above is about the NUL)", async () => {
    const res = await call(register, "POST", "/api/auth/register", { body: businessPayload(uniqueEmail("clean")) });
    expect(res.status).toBe(201);
  });
});

describe("bad input to POST /api/auth/email-link", () => {
  it.each([
    ["a NUL in the email", { email: `a${NUL}@example.test` }],
    ["a NUL in the redirect", { email: "placeholder", redirect: `/dashboard${NUL}` }],
    ["an email over 254 characters", { email: `${"a".repeat(250)}@example.test` }],
    ["a redirect over 2048 characters", { email: "placeholder", redirect: `/${"a".repeat(2048)}` }],
    ["an array for the email", { email: ["a@example.test"] }],
  ])("%s → 400 with a clear message, nothing stored", async (_case, body) => {
    const email = uniqueEmail("bad-link");
    const payload = { ...body, email: body.email === "placeholder" ? email : body.email };
    const res = await call(emailLink, "POST", "/api/auth/email-link", { body: payload });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: "error", message: expect.any(String) });
    expect(await db.emailSignInToken.count({ where: { email } })).toBe(0);
  });

  it("the same request with a valid email and redirect is accepted (the cases above are about the bad field)", async () => {
    const email = uniqueEmail("good-link");
    const res = await call(emailLink, "POST", "/api/auth/email-link", { body: { email, redirect: "/dashboard" } });
    expect(res.status).toBe(202);
    expect(await db.emailSignInToken.count({ where: { email } })).toBe(1);
  });
});

describe("the public card /b/[slug] with a slug PostgreSQL would refuse", () => {
  it("PostgreSQL itself refuses NUL in a query, which is why the page must not send it", async () => {
    await expect(getPublicBusinessBySlug(`a${NUL}`)).rejects.toThrow();
  });

  it.each([NUL, `cafe${NUL}`, "x".repeat(300), "caf%zz"])("answers not found for %j", async (slug) => {
    const params = Promise.resolve({ slug });
    await expect(PublicBusinessPage({ params })).rejects.toMatchObject({ digest: expect.stringMatching(/404/) });
    await expect(generateMetadata({ params })).resolves.toMatchObject({
      title: { absolute: "Business not found | Loyaltap" },
    });
  });

  it("draws the default share image instead of failing", async () => {
    const response = await BusinessImage({ params: Promise.resolve({ slug: NUL }) });
    expect(response.status).toBe(200);
  });
});

describe("POST /tap/start (Start my card) with bad input", () => {
  const form = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };
  it.each([
    ["a NUL in the tag id", "id=t-x%00", form],
    ["a malformed tag id", "id=no%20spaces", form],
    ["no tag id", "lang=en", form],
    ["a repeated field", "id=t-x&id=t-y", form],
    ["an unknown language", "id=t-x&lang=fr", form],
    ["a NUL in a SUN field", "id=t-x&cmac=00%0000", form],
    ["an oversized body", `id=t-x&enc=${"0".repeat(10_000)}`, form],
    ["a JSON body", JSON.stringify({ id: "t-x" }), { ...form, "content-type": "application/json" }],
  ])("%s → 400, no guest, no session", async (_label, rawBody, headers) => {
    const before = await db.user.count({ where: { guest: true } });
    const res = await call(startCard, "POST", "/tap/start", { rawBody, headers });
    expect(res.status).toBe(400);
    expect(res.text).toContain("This request is not valid");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await db.user.count({ where: { guest: true } })).toBe(before);
  });
});
