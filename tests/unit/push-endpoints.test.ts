import { createECDH, randomBytes } from "node:crypto";
import webpush from "web-push";
import { OutboundRefused } from "@/lib/http/outbound-fetch";
import { testPushOrigins } from "@/lib/push/config";
import { PushEndpointRefused, WebPushSender } from "@/lib/push/sender";
import { isPushEndpoint, isPushServiceHost } from "@/lib/push/services";

// Push endpoints (lib/push/services.ts): the worker POSTs to every stored one,
// so only the browsers' push services are accepted, and the sender checks the
// address the name resolves to as it connects (lib/http/outbound-fetch.ts).

describe("which push endpoints the worker may post to", () => {
  test.each([
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://jmt17.google.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGq3",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    // A host is matched as DNS reads it: any case, one trailing dot.
    "https://FCM.googleapis.com./fcm/send/abc",
  ])("a browser's push service: %s", (endpoint) => {
    expect(isPushEndpoint(endpoint)).toBe(true);
  });

  test.each([
    // The audit's three: text-only checks let a trailing dot through.
    "https://localhost./x",
    "https://metadata.google.internal./x",
    "https://db.svc/x",
    "https://push.example.com/x",
    "https://fcm.googleapis.com../x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilpush.apple.com/x",
    "https://push.apple.com/x",
    "https://.push.apple.com/x",
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:8443/x",
    "https://user:pass@fcm.googleapis.com/x",
    "https://fcm.googleapis.com/x#frag",
    "https://127.0.0.1/x",
    "https://[::a9fe:a9fe]/x",
    "http://127.0.0.1:4000/push/1",
    "not a url",
  ])("not a push service: %s", (endpoint) => {
    expect(isPushEndpoint(endpoint)).toBe(false);
  });

  test("the tests' stand-in only when its exact origin is allowed", () => {
    expect(isPushEndpoint("http://127.0.0.1:4000/push/1", ["http://127.0.0.1:4000"])).toBe(true);
    expect(isPushEndpoint("http://127.0.0.1:4001/push/1", ["http://127.0.0.1:4000"])).toBe(false);
    expect(isPushEndpoint("http://localhost:4000/push/1", ["http://127.0.0.1:4000"])).toBe(false);
  });

  test("hosts", () => {
    expect(isPushServiceHost("fcm.googleapis.com")).toBe(true);
    expect(isPushServiceHost("googleapis.com")).toBe(false);
    expect(isPushServiceHost("x.notify.windows.com.")).toBe(true);
  });
});

describe("the sender", () => {
  const vapid = webpush.generateVAPIDKeys();
  const config = { ...vapid, subject: "mailto:push@loyaltap.example" };
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const browser = { p256dh: keys.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
  const message = { payload: "{}", ttlSeconds: 60 };

  test("refuses an endpoint that is not at a push service without sending anything", async () => {
    const resolve = jest.fn(async () => [{ address: "93.184.216.34", family: 4 }]);
    const sender = new WebPushSender(config, { resolve });
    for (const endpoint of ["https://localhost./x", "https://metadata.google.internal./x", "https://db.svc/x"])
      await expect(sender.send({ endpoint, ...browser }, message)).rejects.toBeInstanceOf(PushEndpointRefused);
    expect(resolve).not.toHaveBeenCalled();
  });

  test("refuses a push service's name that resolves to a loopback address, as it connects", async () => {
    const resolve = jest.fn(async () => [{ address: "127.0.0.1", family: 4 }]);
    const sender = new WebPushSender(config, { resolve, timeoutMs: 2000 });
    const sent = sender.send({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", ...browser }, message);
    await expect(sent).rejects.toThrow(
      new OutboundRefused("fcm.googleapis.com resolves to an address that is not public"),
    );
    expect(resolve).toHaveBeenCalledWith("fcm.googleapis.com");
  });
});

describe("the tests' stand-in origins (LOYALTAP_TEST_PUSH_ORIGINS)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test("are used in tests and a local production build, and never in a public deployment", () => {
    Object.assign(process.env, { NODE_ENV: "test", LOYALTAP_TEST_PUSH_ORIGINS: "http://127.0.0.1:4010" });
    expect(testPushOrigins()).toEqual(["http://127.0.0.1:4010"]);
    Object.assign(process.env, { NODE_ENV: "production", SITE_URL: "http://127.0.0.1:3000", AUTH_URL: "" });
    expect(testPushOrigins()).toEqual(["http://127.0.0.1:4010"]);
    Object.assign(process.env, { SITE_URL: "https://loyaltap.example" });
    expect(testPushOrigins()).toEqual([]);
  });
});
