import { createHmac } from "node:crypto";
import {
  readUnsubscribeToken,
  signUnsubscribeToken,
  UNSUBSCRIBE_PURPOSE,
  unsubscribeKey,
} from "@/lib/notifications/unsubscribe-token";

const key = unsubscribeKey("a-secret-of-this-deployment-0123456789");
const ana = "0197a3b2-0000-7000-8000-00000000a0a0";
const ben = "0197a3b2-0000-7000-8000-00000000b0b0";
const cafe = "0197a3b2-0000-7000-8000-0000000cafe0";

const encode = (claims: object) => Buffer.from(JSON.stringify(claims)).toString("base64url");
const signWith = (payload: string) =>
  `${payload}.${createHmac("sha256", key).update(`${UNSUBSCRIBE_PURPOSE}.${payload}`).digest("base64url")}`;

describe("unsubscribe tokens", () => {
  test("name the account and the business (or every mail) they were signed for", () => {
    expect(readUnsubscribeToken(signUnsubscribeToken({ userId: ana, businessId: cafe }, key), key)).toEqual({
      userId: ana,
      businessId: cafe,
    });
    expect(readUnsubscribeToken(signUnsubscribeToken({ userId: ana, businessId: "all" }, key), key)).toEqual({
      userId: ana,
      businessId: "all",
    });
  });

  test("another account's id put into a token breaks it: nobody can unsubscribe someone else", () => {
    const token = signUnsubscribeToken({ userId: ana, businessId: cafe }, key);
    const [, signature] = token.split(".");
    const forged = `${encode({ v: 1, p: UNSUBSCRIBE_PURPOSE, u: ben, b: cafe })}.${signature}`;
    expect(readUnsubscribeToken(forged, key)).toBeNull();
    const widened = `${encode({ v: 1, p: UNSUBSCRIBE_PURPOSE, u: ana, b: "all" })}.${signature}`;
    expect(readUnsubscribeToken(widened, key)).toBeNull();
  });

  test("a token signed with another secret, or with a changed signature, is refused", () => {
    const other = signUnsubscribeToken({ userId: ana, businessId: cafe }, unsubscribeKey("another-deployment-secret"));
    expect(readUnsubscribeToken(other, key)).toBeNull();
    const token = signUnsubscribeToken({ userId: ana, businessId: cafe }, key);
    const last = token.at(-1) === "A" ? "B" : "A";
    expect(readUnsubscribeToken(`${token.slice(0, -1)}${last}`, key)).toBeNull();
  });

  test("the key is derived for this purpose: AUTH_SECRET itself does not sign tokens", () => {
    const secret = "a-secret-of-this-deployment-0123456789";
    const payload = encode({ v: 1, p: UNSUBSCRIBE_PURPOSE, u: ana, b: cafe });
    const signedWithSecret = `${payload}.${createHmac("sha256", secret).update(`${UNSUBSCRIBE_PURPOSE}.${payload}`).digest("base64url")}`;
    expect(readUnsubscribeToken(signedWithSecret, key)).toBeNull();
  });

  test("a correctly signed payload of another purpose or version is refused", () => {
    expect(readUnsubscribeToken(signWith(encode({ v: 1, p: "password-reset", u: ana, b: cafe })), key)).toBeNull();
    expect(readUnsubscribeToken(signWith(encode({ v: 2, p: UNSUBSCRIBE_PURPOSE, u: ana, b: cafe })), key)).toBeNull();
    expect(readUnsubscribeToken(signWith(encode({ v: 1, p: UNSUBSCRIBE_PURPOSE, u: ana })), key)).toBeNull();
    expect(
      readUnsubscribeToken(signWith(encode({ v: 1, p: UNSUBSCRIBE_PURPOSE, u: "x'; DROP", b: cafe })), key),
    ).toBeNull();
    // The control: the same construction with the right claims is accepted.
    expect(readUnsubscribeToken(signWith(encode({ v: 1, p: UNSUBSCRIBE_PURPOSE, u: ana, b: cafe })), key)).toEqual({
      userId: ana,
      businessId: cafe,
    });
  });

  test("anything that is not a token is refused without throwing", () => {
    for (const junk of [
      undefined,
      null,
      42,
      {},
      "",
      "abc",
      "a.b",
      "x".repeat(5000),
      `${"a".repeat(20)}.${"b".repeat(43)}`,
    ]) {
      expect(readUnsubscribeToken(junk, key)).toBeNull();
    }
    expect(readUnsubscribeToken(signWith("not-base64-json"), key)).toBeNull();
  });
});
