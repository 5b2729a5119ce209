import { qrTokenKey, signQrToken, verifyQrToken } from "@/lib/qr/presence-token";
import { QR_TOKEN_REFRESH_MS, QR_TOKEN_TTL_MS } from "@/lib/qr/timing";

// The QR presence token (docs/authentication.md, "QR presence tokens"): valid
// for 5 minutes, for the one user it was made for, under this deployment's key.

const key = qrTokenKey("unit-test-secret-0123456789abcdef");
const ada = "0196f1a2-7b3c-7d4e-8f90-123456789abc";
const bob = "0196f1a2-7b3c-7d4e-8f90-123456789abd";
const now = new Date("2026-06-01T10:00:00Z");

describe("QR presence tokens", () => {
  it("live 5 minutes, renewed every 2: a scanned QR has at least 3 minutes left", () => {
    expect(QR_TOKEN_TTL_MS).toBe(5 * 60_000);
    expect(QR_TOKEN_REFRESH_MS).toBe(2 * 60_000);
  });

  it("holds until its expiry and not after", () => {
    const { token, expiresAt } = signQrToken(ada, now, key);
    expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(expiresAt.getTime() - now.getTime()).toBe(QR_TOKEN_TTL_MS);
    expect(verifyQrToken(ada, token, now, key)).toBe(true);
    expect(verifyQrToken(ada, token, new Date(expiresAt.getTime() - 1), key)).toBe(true);
    expect(verifyQrToken(ada, token, expiresAt, key)).toBe(false);
  });

  it("names one user, one expiry and one key: anything else is refused", () => {
    const { token } = signQrToken(ada, now, key);
    const [expiry, mac] = token.split(".") as [string, string];
    expect(verifyQrToken(bob, token, now, key)).toBe(false);
    expect(verifyQrToken(ada, token, now, qrTokenKey("another-secret-0123456789abcdef"))).toBe(false);
    const later = (parseInt(expiry, 36) + 3600).toString(36);
    expect(verifyQrToken(ada, `${later}.${mac}`, now, key)).toBe(false);
    const flipped = mac.slice(0, -1) + (mac.endsWith("A") ? "B" : "A");
    expect(verifyQrToken(ada, `${expiry}.${flipped}`, now, key)).toBe(false);
    for (const junk of [undefined, null, 42, "", "x", `${expiry}.`, `.${mac}`, `${token}x`, ` ${token}`])
      expect(verifyQrToken(ada, junk, now, key)).toBe(false);
  });
});
