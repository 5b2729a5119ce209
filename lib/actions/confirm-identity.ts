"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { confirmReauthenticationLink } from "@/lib/auth/reauthentication";
import { requestNow } from "@/lib/clock";

/** useActionState's state of the confirmation button: null before it is pressed. */
export type ConfirmIdentityState = { ok: boolean } | null;

const tokenSchema = z.string().min(10).max(200);

/**
 * The button of a mailed re-authentication link: spends the link and lets the
 * account's sessions do sensitive actions for a few minutes. Public: the link
 * may be opened on another device than the one that asked for it.
 */
export const confirmIdentityAction = action(
  { role: "public", args: [tokenSchema], invalid: [{ ok: false }] },
  async ({ args: [token] }): Promise<ConfirmIdentityState> => ({
    ok: await confirmReauthenticationLink(token, requestNow(await headers())),
  }),
);
