import { db } from "@/lib/db";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { listCustomers } from "@/lib/db/customers";
import { recordVisit } from "@/lib/tap/record-visit";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { customerListParamsSchema } from "@/lib/validation/customers";
import { createBusiness, createUser, uid } from "../support/fixtures";

// A customer's email and phone are the owner's only (docs/owner-tools.md,
// "Staff"): a staff member works the counter and sees neither, on the card
// nor in the customer list, and cannot find a customer by them.

// The first query connects and a visit starts the job queue, once per process:
// on a busy machine that alone can take seconds, so it happens here, not in a test's 5.
beforeAll(async () => {
  await jobQueueReady();
  await db.user.count();
}, 30_000);
afterAll(() => db.$disconnect());

async function setup() {
  const { owner, business, tag } = await createBusiness();
  const email = `marta-${uid()}@example.test`;
  const phone = `+34 6${Date.now() % 100_000_000}`;
  const { user: customer } = await createUser({ firstName: "Marta", lastName: "Puig", email, phone });
  expect((await recordVisit({ userId: customer.id, businessId: business.id, tagId: tag.id, source: "TAG" })).ok).toBe(
    true,
  );
  const { user: staff } = await createUser({ firstName: "Sam", lastName: "Staff" });
  await db.businessStaff.create({ data: { businessId: business.id, userId: staff.id } });
  return { owner: owner.user, business, customer, staff, email, phone };
}

describe("a customer's contact details", () => {
  it("the owner's card shows email and phone; a staff member's card shows neither", async () => {
    const s = await setup();
    const asOwner = (await getCounterBusiness(s.owner.id, s.business.id))!;
    expect(await getCustomerCard(s.owner.id, asOwner, s.customer.id)).toMatchObject({
      customer: { fullName: "Marta Puig", email: s.email, phone: s.phone, contactHidden: false },
    });

    const asStaff = (await getCounterBusiness(s.staff.id, s.business.id))!;
    expect(asStaff.access).toBe("staff");
    const card = (await getCustomerCard(s.staff.id, asStaff, s.customer.id))!;
    expect(card.customer).toMatchObject({ fullName: "Marta Puig", email: null, phone: null, contactHidden: true });
    expect(JSON.stringify(card)).not.toContain(s.email);
    expect(JSON.stringify(card)).not.toContain(s.phone);
  });

  it("the customer list: the owner sees and searches email and phone; staff see the name only, and can't search by them", async () => {
    const s = await setup();
    const params = (q?: string) => customerListParamsSchema.parse(q ? { q } : {});

    const owners = await listCustomers(s.owner.id, s.business.id, params());
    expect(owners!.rows).toEqual([expect.objectContaining({ userId: s.customer.id, email: s.email, phone: s.phone })]);
    expect((await listCustomers(s.owner.id, s.business.id, params(s.email)))!.rows).toHaveLength(1);

    const staffs = await listCustomers(s.staff.id, s.business.id, params());
    expect(staffs!.rows).toEqual([
      expect.objectContaining({ userId: s.customer.id, firstName: "Marta", email: null, phone: null }),
    ]);
    expect((await listCustomers(s.staff.id, s.business.id, params("Marta")))!.rows).toHaveLength(1);
    expect((await listCustomers(s.staff.id, s.business.id, params(s.email)))!.rows).toHaveLength(0);
    expect((await listCustomers(s.staff.id, s.business.id, params(s.phone)))!.rows).toHaveLength(0);
  });
});
