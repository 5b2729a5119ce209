import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import { db } from "@/lib/db";
import { jobQueueReady, prismaExecutor } from "@/lib/jobs/enqueue";
import { accountCreated } from "@/lib/jobs/events";

/**
 * How long a Google sign-up's welcome mail waits: a sign-up from the business
 * wizard creates its business right after the account (the callback page), and
 * the mail should welcome an owner then.
 */
export const OAUTH_WELCOME_DELAY_MS = 60_000;

/**
 * The adapter with its createUser (a first Google sign-in) creating the account
 * and queueing its welcome mail in one transaction, as every other sign-up does
 * (lib/auth/register-account.ts). The row is written by Auth.js's own Prisma adapter,
 * run on the transaction.
 */
export function withWelcomeMail(adapter: Adapter): Adapter {
  return {
    ...adapter,
    createUser: async (user: AdapterUser) => {
      await jobQueueReady();
      return db.$transaction(async (tx) => {
        const created = await PrismaAdapter(tx as unknown as Parameters<typeof PrismaAdapter>[0]).createUser!(user);
        await accountCreated(prismaExecutor(tx), created.id, new Date(Date.now() + OAUTH_WELCOME_DELAY_MS));
        return created;
      });
    },
  };
}
