import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { signAccessToken } from "@/lib/auth/tokens";
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
