import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { signAccessToken } from "@/lib/auth/tokens";
import { recordVisit } from "@/lib/tap/record-visit";
import type { Prisma } from "@/lib/generated/prisma/client";

// Real rows through the real Prisma client; every name is unique so tests can
// share one database.

export const uid = () => randomUUID().slice(0, 8);

export async function createUser(data: Partial<Prisma.UserCreateInput> = {}) {
  const user = await db.user.create({
    data: { email: `u-${uid()}@example.test`, firstName: "Test", lastName: "User", ...data },
  });
  const { token } = await signAccessToken(user.id);
  return { user, bearer: token };
}

export async function createBusiness(
  options: {
    dailyTapLimit?: number;
    timezone?: string;
    programs?: Omit<Prisma.ProgramCreateManyInput, "businessId">[];
  } = {},
) {
  const owner = await createUser();
  const business = await db.business.create({
    data: {
      slug: `biz-${uid()}`,
      name: `Biz ${uid()}`,
      ownerId: owner.user.id,
      dailyTapLimit: options.dailyTapLimit ?? 1,
      timezone: options.timezone ?? "Europe/Madrid",
      keywords: ["Cafe"],
    },
  });
  const tag = await db.tag.create({
    data: { id: `t-${uid()}`, businessId: business.id, claimedAt: new Date(), claimedById: owner.user.id },
  });
  if (options.programs?.length) {
    await db.program.createMany({ data: options.programs.map((p) => ({ ...p, businessId: business.id })) });
  }
  return { owner, business, tag };
}

export const stampsProgram = (stampsRequired: number, extra: Partial<Prisma.ProgramCreateManyInput> = {}) => ({
  type: "stamps",
  name: "Coffee card",
  description: `Collect ${stampsRequired} stamps`,
  rules: { stampsRequired },
  rewardName: "Free coffee",
  rewardExpiryDays: 30,
  ...extra,
});

/**
 * A customer who filled a 2-stamp card with tag visits on days 1 and 2 (`dayAt`
 * gives each day's moment): the business, the customer and the issued reward.
 */
export async function earnReward(options: {
  dayAt: (day: number) => Date;
  timezone?: string;
  rewardExpiryDays?: number;
  customer?: Partial<Prisma.UserCreateInput>;
}) {
  const setup = await createBusiness({
    timezone: options.timezone,
    programs: [stampsProgram(2, { rewardExpiryDays: options.rewardExpiryDays ?? 30 })],
  });
  const customer = await createUser(options.customer);
  const visit = (day: number) =>
    recordVisit({
      userId: customer.user.id,
      businessId: setup.business.id,
      tagId: setup.tag.id,
      source: "TAG",
      now: options.dayAt(day),
    });
  await visit(1);
  const second = await visit(2);
  if (!second.ok) throw new Error("visit refused");
  return { ...setup, customer, reward: second.rewards[0]! };
}
