// The sign-up page names the café from the tag or the card's slug, read on the
// server: never from a name in the address.
import { signUpBusiness } from "@/lib/auth/sign-up-business";
import { db } from "@/lib/db";
import { createBusiness, uid } from "../support/fixtures";

afterAll(() => db.$disconnect());

describe("the business a sign-up is for", () => {
  it("is the tag's business, or the card's", async () => {
    const { business, tag } = await createBusiness();
    const named = { name: business.name, slug: business.slug };
    expect(await signUpBusiness({ tapId: tag.id, businessSlug: null })).toEqual(named);
    expect(await signUpBusiness({ tapId: null, businessSlug: business.slug })).toEqual(named);
  });

  it("is nobody for an unclaimed or unknown tag, an unknown slug, or a withdrawn business", async () => {
    const free = `free-${uid()}`;
    await db.tag.create({ data: { id: free } });
    expect(await signUpBusiness({ tapId: free, businessSlug: null })).toBeNull();
    expect(await signUpBusiness({ tapId: `none-${uid()}`, businessSlug: null })).toBeNull();
    expect(await signUpBusiness({ tapId: null, businessSlug: `none-${uid()}` })).toBeNull();
    expect(await signUpBusiness({ tapId: null, businessSlug: null })).toBeNull();

    const { owner, business, tag } = await createBusiness();
    await db.user.update({ where: { id: owner.user.id }, data: { disabledAt: new Date() } });
    expect(await signUpBusiness({ tapId: tag.id, businessSlug: null })).toBeNull();
    expect(await signUpBusiness({ tapId: null, businessSlug: business.slug })).toBeNull();
  });
});
