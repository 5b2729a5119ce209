import { GET as exportAccount } from "@/app/api/account/export/route";
import { db } from "@/lib/db";
import { recordVisit } from "@/lib/tap/record-visit";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// GET /api/account/export: the download the privacy page promises, from Settings.
afterAll(() => db.$disconnect());

describe("GET /api/account/export", () => {
  it("gives the signed-in person their profile, memberships, visits and rewards as a JSON download", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(1)] });
    const { user, bearer } = await createUser({
      firstName: "Laia",
      lastName: "Serra",
      birthday: new Date("1990-05-17T00:00:00Z"),
      passwordHash: "argon2-secret-hash",
    });
    expect((await recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG" })).ok).toBe(
      true,
    );

    const res = await call(exportAccount, "GET", "/api/account/export", { bearer });

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="loyaltap-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json.profile).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: "Laia",
      lastName: "Serra",
      birthday: "1990-05-17",
    });
    const memberships = res.json.memberships as { business: { id: string }; visitCount: number }[];
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ business: { id: business.id, name: business.name }, visitCount: 1 });
    expect(res.json.visits).toEqual([
      expect.objectContaining({ source: "TAG", business: expect.objectContaining({ id: business.id }) }),
    ]);
    expect(res.json.rewards).toEqual([expect.objectContaining({ name: "Free coffee", status: "AVAILABLE" })]);
    expect(res.json).toMatchObject({ mailsStopped: [], notificationMails: [] });
    // No secrets of the account itself.
    expect(res.text).not.toContain("argon2-secret-hash");
    expect(res.text).not.toContain("passwordHash");
    expect(res.text).not.toContain("sessionVersion");
  });

  it("includes the businesses whose mails the person stopped and the notification mails they were sent", async () => {
    const { business } = await createBusiness();
    const { user, bearer } = await createUser();
    await db.mailOptOut.create({ data: { userId: user.id, businessId: business.id } });
    const sentAt = new Date("2026-05-01T10:00:00Z");
    await db.notificationDelivery.create({
      data: { key: `mail:welcome:${user.id}`, userId: user.id, status: "SENT", sentAt },
    });

    const res = await call(exportAccount, "GET", "/api/account/export", { bearer });

    expect(res.json.mailsStopped).toEqual([
      { createdAt: expect.any(String), business: { id: business.id, name: business.name } },
    ]);
    expect(res.json.notificationMails).toEqual([
      { mail: `welcome:${user.id}`, status: "SENT", sentAt: sentAt.toISOString() },
    ]);
  });

  it("holds nothing of another person: not their visits at the same business, not their rewards", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(1)] });
    const me = await createUser();
    const other = await createUser();
    await recordVisit({ userId: other.user.id, businessId: business.id, tagId: tag.id, source: "TAG" });

    const res = await call(exportAccount, "GET", "/api/account/export", { bearer: me.bearer });

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ memberships: [], visits: [], rewards: [] });
    expect(res.text).not.toContain(other.user.id);
    expect(res.text).not.toContain(other.user.email!);
  });

  it("is 401 without a session and with a forged token", async () => {
    const missing = await call(exportAccount, "GET", "/api/account/export");
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ status: "error" });
    expect(missing.headers.get("content-disposition")).toBeNull();
    const forged = await call(exportAccount, "GET", "/api/account/export", {
      bearer: "eyJhbGciOiJIUzI1NiJ9.e30.forged",
    });
    expect(forged.status).toBe(401);
  });
});
