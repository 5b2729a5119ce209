"use server";

import { action } from "@/lib/actions/safe-action";
import type { ActionResult } from "@/lib/actions/result";
import { qrPresenceToken } from "@/lib/qr/presence";

// The dashboard shell's actions: the 'Show my QR' overlay renews its presence
// token while it is open (docs/authentication.md, "QR presence tokens"). A
// token is only ever made for the signed-in caller's own account.

export const qrTokenAction = action(
  { role: "user", args: [] },
  async ({ user }): Promise<ActionResult<{ token: string; expiresAt: string }>> => {
    const { token, expiresAt } = qrPresenceToken(user.id);
    return { ok: true, token, expiresAt: expiresAt.toISOString() };
  },
);
