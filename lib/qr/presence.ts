import "server-only";
import { authSecret } from "@/lib/auth/cookies";
import { qrTokenKey, signQrToken, verifyQrToken, type QrToken } from "@/lib/qr/presence-token";

// The deployment's QR presence tokens (./presence-token.ts): made for the
// signed-in customer's own overlay, checked before any counter action on
// /qr/{userId}.

let cached: { secret: string; key: Buffer } | null = null;

function key(): Buffer {
  const secret = authSecret();
  if (cached?.secret !== secret) cached = { secret, key: qrTokenKey(secret) };
  return cached.key;
}

export function qrPresenceToken(userId: string, now: Date = new Date()): QrToken {
  return signQrToken(userId, now, key());
}

/** True when `token` shows that `userId` is showing their QR now. */
export function isPresent(userId: string, token: unknown, now: Date = new Date()): boolean {
  return verifyQrToken(userId, token, now, key());
}
