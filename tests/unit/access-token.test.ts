import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { ACCESS_TOKEN_TTL_SECONDS, readAccessToken, signAccessToken, verifyAccessToken } from "@/lib/auth/tokens";

const SECRET = "unit-test-secret-0123456789abcdef";
const key = (secret = SECRET) => createHash("sha256").update(`access-token:${secret}`).digest();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function token(
  claims: Record<string, unknown>,
  options: { secret?: string; alg?: string; audience?: string; issuer?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? "HS256" })
    .setSubject("user-1")
    .setIssuer(options.issuer ?? "loyaltap")
    .setAudience(options.audience ?? "loyaltap-api")
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(key(options.secret));
}

beforeAll(() => {
  process.env.AUTH_SECRET = SECRET;
});

describe("access tokens", () => {
  it("a token we issued names its user until it expires", async () => {
    const now = new Date();
    const { token: issued, expiresAt } = await signAccessToken("user-42", now);
    expect(expiresAt).toBe((Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000);
    expect(verifyAccessToken(issued)).toBe("user-42");
    expect(verifyAccessToken(issued, expiresAt - 1000)).toBe("user-42");
    expect(verifyAccessToken(issued, expiresAt)).toBeNull();
  });

  it("a changed payload or another server's secret is refused", async () => {
    const { token: issued } = await signAccessToken("user-42");
    const [header, payload, signature] = issued.split(".") as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString());
    forged.sub = "admin-user";
    expect(verifyAccessToken(`${header}.${b64(forged)}.${signature}`)).toBeNull();
    expect(verifyAccessToken(await token({ typ: "access" }, { secret: "another-secret-0123456789abcdef" }))).toBeNull();
  });

  it("alg none, other algorithms, audiences, issuers and token types are refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: "none" })}.${b64({ typ: "access", sub: "user-1", iss: "loyaltap", aud: "loyaltap-api", exp: now + 60 })}.`;
    expect(verifyAccessToken(unsigned)).toBeNull();
    expect(verifyAccessToken(await token({ typ: "access" }, { alg: "HS512" }))).toBeNull();
    expect(verifyAccessToken(await token({ typ: "access" }, { audience: "someone-else" }))).toBeNull();
    expect(verifyAccessToken(await token({ typ: "access" }, { issuer: "someone-else" }))).toBeNull();
    expect(verifyAccessToken(await token({ typ: "refresh" }))).toBeNull();
    expect(verifyAccessToken(await token({ typ: "access" }))).toBe("user-1");
  });

  it("garbage is refused, never thrown", () => {
    for (const value of ["", "a.b", "a.b.c", "....", "x".repeat(5000), "eyJ.eyJ.eyJ"])
      expect(verifyAccessToken(value)).toBeNull();
  });

  it("rejects a signature spelled non-canonically (same bytes, different last character)", async () => {
    const { token: issued } = await signAccessToken("user-42");
    const [header, payload, signature] = issued.split(".") as [string, string, string];
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 32 bytes take 43 characters; the last one carries 2 unused low bits.
    const last = alphabet.indexOf(signature.at(-1)!);
    const twin = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, "base64url").equals(Buffer.from(signature, "base64url"))).toBe(true);
    expect(verifyAccessToken(`${header}.${payload}.${signature}`)).toBe("user-42");
    expect(verifyAccessToken(`${header}.${payload}.${twin}`)).toBeNull();
    expect(verifyAccessToken(`${header}.${payload}.${signature}=`)).toBeNull();
  });

  it("carries the session version (0 when a token has none)", async () => {
    const { token: issued } = await signAccessToken("user-42", new Date(), 7);
    expect(readAccessToken(issued)).toEqual({ userId: "user-42", sessionVersion: 7 });
    expect(readAccessToken(await token({ typ: "access" }))).toEqual({ userId: "user-1", sessionVersion: 0 });
    expect(readAccessToken(await token({ typ: "access", sv: "7" }))).toBeNull();
  });
});
