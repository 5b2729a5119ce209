import { createPrivateKey, createPublicKey } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { ApnsError, Http2ApnsSender, PROVIDER_TOKEN_REUSE_MS } from "@/lib/wallet/apple/apns";
import { appleTestCredentials, TEST_APNS_KEY_ID, TEST_PASS_TYPE_ID, TEST_TEAM_ID } from "../support/apple-wallet-certs";
import { startApnsServer, type ApnsServer } from "../support/apns-server";

// The APNs sender against the stand-in for APNs on loopback (cleartext
// HTTP/2): what a push looks like, the provider token and its reuse, one
// session for many pushes and a new one after a GOAWAY, and which answers
// mean "this device is gone" and which are thrown for the job to retry.

const credentials = appleTestCredentials();
let apns: ApnsServer;
const senders: Http2ApnsSender[] = [];

beforeAll(async () => {
  apns = await startApnsServer({ apnsKeyPem: credentials.apnsKeyPem, keyId: TEST_APNS_KEY_ID, teamId: TEST_TEAM_ID });
});
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.close();
});
afterAll(async () => {
  await apns.close();
});

function sender(options: { now?: () => number; timeoutMs?: number; url?: string } = {}) {
  const made = new Http2ApnsSender(
    { url: options.url ?? apns.url, keyId: TEST_APNS_KEY_ID, teamId: TEST_TEAM_ID, keyPem: credentials.apnsKeyPem },
    { now: options.now, timeoutMs: options.timeoutMs },
  );
  senders.push(made);
  return made;
}

let counter = 0;
/** A device's push token: 64 hex digits, as APNs issues them. */
const deviceToken = () => (Date.now().toString(16) + (++counter).toString(16)).padEnd(64, "a");

test("a push is POST /3/device/<token> with the pass type as topic, a background push type and an empty body", async () => {
  const token = deviceToken();
  expect(await sender().send(token, TEST_PASS_TYPE_ID)).toBe("sent");
  const [push] = apns.pushesTo(token);
  expect(push).toBeDefined();
  expect(push!.topic).toBe(TEST_PASS_TYPE_ID);
  expect(push!.body).toBe("{}");
  expect(push!.headers).toMatchObject({
    ":method": "POST",
    ":path": `/3/device/${token}`,
    "apns-push-type": "background",
    "apns-priority": "5",
    "content-type": "application/json",
  });
  expect(Number(push!.headers["apns-expiration"])).toBeGreaterThan(Date.now() / 1000);
});

test("the provider token is an ES256 JWT of the auth key (kid the Key ID, iss the Team ID) that verifies with its public half", async () => {
  const token = deviceToken();
  await sender().send(token, TEST_PASS_TYPE_ID);
  const jwt = /^bearer (.+)$/.exec(String(apns.pushesTo(token)[0]!.headers.authorization))![1]!;
  expect(decodeProtectedHeader(jwt)).toEqual({ alg: "ES256", kid: TEST_APNS_KEY_ID });
  const publicKey = createPublicKey(createPrivateKey(credentials.apnsKeyPem));
  const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ["ES256"], issuer: TEST_TEAM_ID });
  expect(Math.abs(Number(payload.iat) - Date.now() / 1000)).toBeLessThan(5);
  // Another key's signature is refused by the stand-in, as by APNs.
  const other = new Http2ApnsSender({
    url: apns.url,
    keyId: TEST_APNS_KEY_ID,
    teamId: TEST_TEAM_ID,
    keyPem: (await import("node:crypto")).generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string,
  });
  senders.push(other);
  await expect(other.send(deviceToken(), TEST_PASS_TYPE_ID)).rejects.toThrow("APNs answered 403 InvalidProviderToken");
});

test("many pushes share one HTTP/2 session and one provider token, renewed once it is 40 minutes old", async () => {
  let clock = Date.now();
  const one = sender({ now: () => clock });
  const sessionsBefore = apns.sessions();
  const tokens = [deviceToken(), deviceToken(), deviceToken()];
  for (const token of tokens) expect(await one.send(token, TEST_PASS_TYPE_ID)).toBe("sent");
  expect(await Promise.all(tokens.map((token) => one.send(token, TEST_PASS_TYPE_ID)))).toEqual([
    "sent",
    "sent",
    "sent",
  ]);
  expect(apns.sessions() - sessionsBefore).toBe(1);
  const jwts = tokens.flatMap((token) => apns.pushesTo(token).map((push) => String(push.headers.authorization)));
  expect(new Set(jwts).size).toBe(1);

  clock += PROVIDER_TOKEN_REUSE_MS - 60_000;
  const later = deviceToken();
  await one.send(later, TEST_PASS_TYPE_ID);
  expect(String(apns.pushesTo(later)[0]!.headers.authorization)).toBe(jwts[0]);
  clock += 60_000;
  const renewed = deviceToken();
  await one.send(renewed, TEST_PASS_TYPE_ID);
  const fresh = String(apns.pushesTo(renewed)[0]!.headers.authorization);
  expect(fresh).not.toBe(jwts[0]);
  expect(decodeJwt(fresh.slice("bearer ".length)).iat).toBe(Math.floor(clock / 1000));
});

test("after APNs sends GOAWAY the next push opens a new session", async () => {
  const one = sender();
  expect(await one.send(deviceToken(), TEST_PASS_TYPE_ID)).toBe("sent");
  const before = apns.sessions();
  apns.goAway();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const token = deviceToken();
  expect(await one.send(token, TEST_PASS_TYPE_ID)).toBe("sent");
  expect(apns.sessions()).toBe(before + 1);
  expect(apns.pushesTo(token)).toHaveLength(1);
});

test("410, and 400 BadDeviceToken or Unregistered, mean the device is gone", async () => {
  const one = sender();
  const unregistered = deviceToken();
  const bad = deviceToken();
  const removed = deviceToken();
  apns.answer(unregistered, 410, "Unregistered");
  apns.answer(bad, 400, "BadDeviceToken");
  apns.answer(removed, 400, "Unregistered");
  expect(await one.send(unregistered, TEST_PASS_TYPE_ID)).toBe("gone");
  expect(await one.send(bad, TEST_PASS_TYPE_ID)).toBe("gone");
  expect(await one.send(removed, TEST_PASS_TYPE_ID)).toBe("gone");
});

test("other refusals are thrown with APNs' status and reason (the job is retried), never with the token", async () => {
  const one = sender();
  const cases: [number, string][] = [
    [400, "DeviceTokenNotForTopic"],
    [429, "TooManyRequests"],
    [500, "InternalServerError"],
    [503, "ServiceUnavailable"],
  ];
  for (const [status, reason] of cases) {
    const token = deviceToken();
    apns.answer(token, status, reason);
    const error = await one.send(token, TEST_PASS_TYPE_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApnsError);
    expect(error).toMatchObject({ status, reason, message: `APNs answered ${status} ${reason}` });
    expect((error as Error).message).not.toContain(token);
  }
});

test("an expired provider token is renewed once and the push tried again", async () => {
  let clock = Date.now() - 2 * 3600_000;
  const one = sender({ now: () => clock });
  // Made two hours ago and still within its 40 minutes on the sender's (wrong) clock: APNs calls it expired.
  const token = deviceToken();
  const first = one.send(token, TEST_PASS_TYPE_ID);
  await expect(first).rejects.toThrow("APNs answered 403 ExpiredProviderToken");
  // Renewed once (on the same wrong clock, so refused again), then given up.
  expect(apns.answered.filter((a) => a.token === token).map((a) => a.status)).toEqual([403, 403]);
  clock = Date.now();
  expect(await one.send(token, TEST_PASS_TYPE_ID)).toBe("sent");
});

test("an APNs that does not answer, or is not there, fails the push within its time limit", async () => {
  const silent = deviceToken();
  apns.answer(silent, 0);
  const started = Date.now();
  await expect(sender({ timeoutMs: 300 }).send(silent, TEST_PASS_TYPE_ID)).rejects.toThrow(
    "APNs did not answer within 300 ms",
  );
  // Tried twice (a new session for the second): well under the job's own time.
  expect(Date.now() - started).toBeLessThan(2_000);

  const nowhere = sender({ url: "http://127.0.0.1:9", timeoutMs: 2_000 });
  const error = await nowhere.send(deviceToken(), TEST_PASS_TYPE_ID).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(/^APNs request failed/);
});

test("a token that is not hex is never sent: the device is taken as gone", async () => {
  const before = apns.answered.length;
  expect(await sender().send("../../etc/passwd", TEST_PASS_TYPE_ID)).toBe("gone");
  expect(apns.answered.length).toBe(before);
});
