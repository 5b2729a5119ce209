import { createECDH } from "node:crypto";
import webpush from "web-push";
import { parseEnv } from "@/lib/env-check";
import { decodeBase64Url, isP256PublicKey, isVapidPrivateKey, isVapidPublicKey } from "@/lib/push/keys";
import { envProblems } from "../support/env-problems";

const problemsOf = envProblems;

describe("Web Push keys (lib/push/keys.ts)", () => {
  test("reads URL-safe base64 with or without padding, and nothing else", () => {
    expect(decodeBase64Url("AQID")).toEqual(Uint8Array.from([1, 2, 3]));
    expect(decodeBase64Url("_-8")).toEqual(Uint8Array.from([255, 239]));
    expect(decodeBase64Url("_-8=")).toEqual(Uint8Array.from([255, 239]));
    expect(decodeBase64Url("a+b/")).toBeNull();
    expect(decodeBase64Url("AQIDB")).toBeNull();
    expect(decodeBase64Url("AQ\u0000D")).toBeNull();
    expect(decodeBase64Url("")).toBeNull();
  });

  test("a browser's p256dh key is a point on P-256; a point off the curve or of the wrong shape is not", () => {
    const key = createECDH("prime256v1");
    key.generateKeys();
    const point = key.getPublicKey();
    expect(isP256PublicKey(point)).toBe(true);
    const off = Uint8Array.from(point);
    off[64] = off[64]! ^ 1;
    expect(isP256PublicKey(off)).toBe(false);
    expect(isP256PublicKey(key.getPublicKey(null, "compressed"))).toBe(false);
    expect(isP256PublicKey(new Uint8Array(65))).toBe(false);
    expect(isP256PublicKey(null)).toBe(false);
  });

  test("accepts the pair `npx web-push generate-vapid-keys` prints, and refuses them swapped", () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(isVapidPublicKey(publicKey)).toBe(true);
    expect(isVapidPrivateKey(privateKey)).toBe(true);
    expect(isVapidPublicKey(privateKey)).toBe(false);
    expect(isVapidPrivateKey(publicKey)).toBe(false);
  });
});

describe("VAPID configuration (lib/push/env.ts)", () => {
  const pair = webpush.generateVAPIDKeys();

  test("unset is fine (web push is off); a generated pair and a mailto: subject are accepted", () => {
    expect(problemsOf({})).toEqual([]);
    const config = parseEnv({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:push@loyaltap.example",
    });
    expect(config.VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    expect(config.VAPID_SUBJECT).toBe("mailto:push@loyaltap.example");
  });

  test("a malformed key or subject is named without repeating the value", () => {
    const problems = problemsOf({
      VAPID_PUBLIC_KEY: "not-a-key",
      VAPID_PRIVATE_KEY: pair.publicKey,
      VAPID_SUBJECT: "push@loyaltap.example",
    });
    expect(problems.map((problem) => problem.split(" ")[0])).toEqual([
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
    ]);
    expect(problems.join("\n")).not.toContain(pair.publicKey);
  });

  test("the keys come as a pair: one alone, or two of different pairs, is refused", () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: pair.publicKey })).toEqual([
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (web push is off without both)",
    ]);
    expect(problemsOf({ VAPID_PRIVATE_KEY: pair.privateKey })).toHaveLength(1);
    const other = webpush.generateVAPIDKeys();
    const mixed = problemsOf({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(mixed).toEqual(["VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (generate them together)"]);
    expect(mixed.join("\n")).not.toContain(pair.privateKey);
  });
});
