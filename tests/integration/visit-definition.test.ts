import { db } from "@/lib/db";
import { adjustProgress } from "@/lib/customers/adjust-progress";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { listCustomers } from "@/lib/db/customers";
import { getInsights } from "@/lib/db/insights";
import { programStats } from "@/lib/db/programs";
import { recordVisit } from "@/lib/tap/record-visit";
import { listWallet } from "@/lib/db/wallet";
import { customerListParamsSchema } from "@/lib/validation/customers";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// One definition of "visits" (docs/loyalty-programs.md, "Visits"): the visits
// a customer really made (taps recorded). An owner's adjustments move progress
// and are shown as adjustments, never as visits. Every place that counts visits
// says the same number after 1 visit and two +2 adjustments.
afterAll(() => db.$disconnect());

it("1 visit and two +2 adjustments: every place says 1 visit, and the adjustments are said apart", async () => {
  const { owner, business, tag } = await createBusiness({ programs: [stampsProgram(10)] });
  const program = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
  const { user: customer } = await createUser({ firstName: "Marta", lastName: "Puig" });
  const visit = await recordVisit({ userId: customer.id, businessId: business.id, tagId: tag.id, source: "TAG" });
  expect(visit.ok).toBe(true);
  for (const reason of ["Card forgotten at home", "Tag was down"]) {
    const adjusted = await adjustProgress(owner.user.id, {
      businessId: business.id,
      customerId: customer.id,
      programId: program.id,
      delta: 2,
      reason,
    });
    expect(adjusted.ok).toBe(true);
  }
  // The progress holds all five stamps.
  const progress = await db.progress.findFirstOrThrow({ where: { programId: program.id } });
  expect(progress).toMatchObject({ count: 5, total: 5 });

  // The program's page: 1 visit, +4 adjusted.
  expect(await programStats(program.id)).toMatchObject({ members: 1, visits: 1, adjusted: 4 });

  // The customer list.
  const list = await listCustomers(owner.user.id, business.id, customerListParamsSchema.parse({}));
  expect(list?.rows.map((row) => row.visitCount)).toEqual([1]);

  // The customer's card: 1 visit and 2 adjustments; the program's progress is 5 stamps, +4 of them adjusted.
  const counter = (await getCounterBusiness(owner.user.id, business.id))!;
  const card = (await getCustomerCard(owner.user.id, counter, customer.id))!;
  expect(card.visitCount).toBe(1);
  expect(card.adjustments).toBe(2);
  expect(card.programs.find((p) => p.id === program.id)).toMatchObject({
    adjusted: 4,
    progress: { current: 5, target: 10 },
  });

  // Insights.
  const insights = (await getInsights(owner.user.id, business.id, 30))!;
  expect(insights.days.reduce((sum, day) => sum + day.visits, 0)).toBe(1);

  // The customer's own wallet.
  const wallet = await listWallet(customer.id);
  expect(wallet.find((c) => c.businessId === business.id)?.visitCount).toBe(1);
});
