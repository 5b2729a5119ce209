import { db } from "@/lib/db";
import { adjustProgress } from "@/lib/customers/adjust-progress";
import { recordVisit } from "@/lib/tap/record-visit";
import { lastModifiedOf } from "@/lib/wallet/apple/web-service";
import { appleTestCredentials, TEST_PASS_TYPE_ID } from "../support/apple-wallet-certs";
import {
  appleDevice,
  callService,
  downloadPass,
  fetchPass,
  passJsonOf,
  postLog,
  type HeldPass,
} from "../support/apple-wallet-device";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { GET as listRegistrations } from "@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/route";
import { POST as registerRoute } from "@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/[serialNumber]/route";
import { POST as logRoute } from "@/app/api/wallet/apple/v1/log/route";
import { GET as passRoute } from "@/app/api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]/route";

// The PassKit web service on the real database, called as Wallet calls it,
// against the status codes of Apple's "Wallet Passes web service" reference:
// registration (201, then 200), "what changed?" (200 with a tag, 204),
// the pass itself (200 with Last-Modified, 304), unregistration (200), the
// log (200), 401 for any pass a request may not touch, 404 with Apple Wallet
// off, and a 4xx for every malformed request.

const credentials = appleTestCredentials();
const saved = { ...process.env };

beforeEach(() => {
  Object.assign(process.env, credentials.env());
});
afterEach(() => {
  process.env = { ...saved };
  jest.restoreAllMocks();
});
afterAll(async () => {
  await db.$disconnect();
});

const day = (n: number) => new Date(Date.now() - (10 - n) * 86_400_000);

/** A customer with one visit at a 10-stamp business, who added the card to Apple Wallet. */
async function holder() {
  const place = await createBusiness({ dailyTapLimit: 9, programs: [stampsProgram(10)] });
  const customer = await createUser({ firstName: "Ada", lastName: "Lovelace", name: "Ada Lovelace" });
  const tap = async (n: number) => {
    const visit = await recordVisit({
      userId: customer.user.id,
      businessId: place.business.id,
      tagId: place.tag.id,
      source: "TAG",
      now: day(n),
    });
    if (!visit.ok) throw new Error(`visit refused: ${visit.reason}`);
  };
  await tap(1);
  const membership = await db.membership.findUniqueOrThrow({
    where: { userId_businessId: { userId: customer.user.id, businessId: place.business.id } },
  });
  const pass = await downloadPass(membership.id, customer.bearer);
  return { ...place, customer, membership, tap, pass };
}

/** A minute goes by for the pass: its last change is older than the web service's settling time. */
async function aMinuteLater(pass: HeldPass) {
  await db.$executeRaw`UPDATE "ApplePass" SET "updatedAt" = "updatedAt" - interval '2 minutes'
    WHERE "serialNumber" = ${pass.serialNumber}`;
}

const registrationsOf = (pass: HeldPass) =>
  db.appleDeviceRegistration.findMany({
    where: { pass: { serialNumber: pass.serialNumber } },
    orderBy: { createdAt: "asc" },
  });

describe("registering a device", () => {
  test("the pass names our web service; a device registers (201), and again with a new push token (200, token kept)", async () => {
    const { pass } = await holder();
    expect(pass.webServiceURL).toBe("http://localhost:3000/api/wallet/apple");
    expect(pass.passTypeIdentifier).toBe(TEST_PASS_TYPE_ID);
    const phone = appleDevice();
    expect((await phone.register(pass)).status).toBe(201);
    expect((await phone.register(pass)).status).toBe(200);
    const renewed = "ab".repeat(32);
    expect((await phone.register(pass, { pushToken: renewed })).status).toBe(200);
    expect(await registrationsOf(pass)).toEqual([
      expect.objectContaining({ deviceLibraryIdentifier: phone.id, pushToken: renewed }),
    ]);
    // A second device of the same person has its own registration.
    const watch = appleDevice();
    expect((await watch.register(pass)).status).toBe(201);
    expect((await registrationsOf(pass)).map((r) => r.deviceLibraryIdentifier).sort()).toEqual(
      [phone.id, watch.id].sort(),
    );
  });

  test("one pass keeps at most ten devices: the oldest registration gives way", async () => {
    const { pass } = await holder();
    const devices = Array.from({ length: 12 }, () => appleDevice());
    for (const device of devices) expect((await device.register(pass)).status).toBe(201);
    const kept = (await registrationsOf(pass)).map((r) => r.deviceLibraryIdentifier);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(devices[0]!.id);
    expect(kept).toContain(devices[11]!.id);
  });
});

describe("what changed", () => {
  test("200 with the serial numbers and a string tag; 204 asked with that tag; 200 again after a change", async () => {
    const ada = await holder();
    const phone = appleDevice();
    expect((await phone.changes()).status).toBe(204);
    await phone.register(ada.pass);
    await aMinuteLater(ada.pass);

    const first = await phone.changes();
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ serialNumbers: [ada.pass.serialNumber], lastUpdated: expect.any(String) });
    const tag = first.json.lastUpdated as string;
    expect(tag).toMatch(/^\d+$/);
    const row = await db.applePass.findUniqueOrThrow({ where: { serialNumber: ada.pass.serialNumber } });
    expect(tag).toBe(String(row.updatedAt.getTime()));
    expect((await phone.changes(tag)).status).toBe(204);

    await ada.tap(2);
    const afterTap = await phone.changes(tag);
    expect(afterTap.status).toBe(200);
    expect(afterTap.json.serialNumbers).toEqual([ada.pass.serialNumber]);
    const next = afterTap.json.lastUpdated as string;
    expect(Number(next)).toBeGreaterThan(Number(tag));
    // Within a minute of a change the tag stays a minute behind, so the pass is listed again
    // (a change still uncommitted elsewhere cannot be skipped); the device then gets 304 for it.
    const again = await phone.changes(next);
    expect(again.json.serialNumbers).toEqual([ada.pass.serialNumber]);
    // Two minutes on (the pass's change and the device's tag moved back as the clock would move on):
    // the pass is listed once more, with a tag that is now its change itself, and then 204.
    await aMinuteLater(ada.pass);
    const settled = await phone.changes(String(Number(next) - 120_000));
    expect(settled.json.serialNumbers).toEqual([ada.pass.serialNumber]);
    const changed = await db.applePass.findUniqueOrThrow({ where: { serialNumber: ada.pass.serialNumber } });
    expect(settled.json.lastUpdated).toBe(String(changed.updatedAt.getTime()));
    expect((await phone.changes(settled.json.lastUpdated as string)).status).toBe(204);
  });

  test("a device with passes of two businesses hears only of the one that changed", async () => {
    const ada = await holder();
    const other = await holder();
    const phone = appleDevice();
    await phone.register(ada.pass);
    await phone.register(other.pass);
    await aMinuteLater(ada.pass);
    await aMinuteLater(other.pass);
    const all = await phone.changes();
    expect((all.json.serialNumbers as string[]).sort()).toEqual(
      [ada.pass.serialNumber, other.pass.serialNumber].sort(),
    );
    await other.tap(2);
    const changed = await phone.changes(all.json.lastUpdated as string);
    expect(changed.json.serialNumbers).toEqual([other.pass.serialNumber]);
  });

  test("404 for another pass type; 400 for a tag we never gave out", async () => {
    const { pass } = await holder();
    const phone = appleDevice();
    await phone.register(pass);
    expect((await phone.changes(undefined, "pass.com.example.other")).status).toBe(404);
    for (const tag of ["yesterday", "-1", "1.5", "9".repeat(16), ""])
      expect([tag, (await phone.changes(tag)).status]).toEqual([tag, 400]);
    const twice = await callService(
      listRegistrations,
      "GET",
      `/api/wallet/apple/v1/devices/${phone.id}/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=1&passesUpdatedSince=2`,
      { deviceLibraryIdentifier: phone.id, passTypeIdentifier: TEST_PASS_TYPE_ID },
    );
    expect(twice.status).toBe(400);
  });
});

describe("the pass itself", () => {
  test("200 with the signed pass and Last-Modified, 304 when If-Modified-Since says the device has it, 200 after every change", async () => {
    const ada = await holder();
    const fetched = await fetchPass(ada.pass);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    expect(fetched.headers.get("cache-control")).toBe("no-store");
    const json = passJsonOf(fetched.body);
    expect(json).toMatchObject({
      serialNumber: ada.pass.serialNumber,
      authenticationToken: ada.pass.authenticationToken,
    });
    expect(json.voided).toBeUndefined();
    const lastModified = fetched.headers.get("last-modified")!;
    const row = await db.applePass.findUniqueOrThrow({ where: { serialNumber: ada.pass.serialNumber } });
    expect(lastModified).toBe(lastModifiedOf(row.updatedAt));
    expect(Date.parse(lastModified)).toBeGreaterThanOrEqual(row.updatedAt.getTime());

    const unchanged = await fetchPass(ada.pass, { ifModifiedSince: lastModified });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.get("last-modified")).toBe(lastModified);

    // Two changes within the same second: each one is a new version for a device holding the one before.
    await ada.tap(2);
    const second = await fetchPass(ada.pass, { ifModifiedSince: lastModified });
    expect(second.status).toBe(200);
    const program = await db.program.findFirstOrThrow({ where: { businessId: ada.business.id } });
    const adjusted = await adjustProgress(ada.owner.user.id, {
      businessId: ada.business.id,
      customerId: ada.customer.user.id,
      programId: program.id,
      delta: 1,
      reason: "Stamp forgotten",
    });
    expect(adjusted.ok).toBe(true);
    const third = await fetchPass(ada.pass, { ifModifiedSince: second.headers.get("last-modified")! });
    expect(third.status).toBe(200);
    expect(Date.parse(third.headers.get("last-modified")!)).toBeGreaterThan(
      Date.parse(second.headers.get("last-modified")!),
    );
    expect((await fetchPass(ada.pass, { ifModifiedSince: third.headers.get("last-modified")! })).status).toBe(304);
    // An earlier date, or one that is not a date, gets the pass.
    expect((await fetchPass(ada.pass, { ifModifiedSince: "Thu, 01 Jan 1970 00:00:00 GMT" })).status).toBe(200);
    expect((await fetchPass(ada.pass, { ifModifiedSince: "not a date" })).status).toBe(200);
  });
});

describe("authorisation", () => {
  test("401 for a wrong or missing token, someone else's pass, an unknown serial and another pass type; nothing written", async () => {
    const ada = await holder();
    const bob = await holder();
    const phone = appleDevice();
    const unknown: HeldPass = { ...ada.pass, serialNumber: "0".repeat(32) };
    const cases: { name: string; pass: HeldPass; token?: string; type?: string }[] = [
      { name: "wrong token", pass: ada.pass, token: "x".repeat(43) },
      { name: "bob's token for ada's pass", pass: ada.pass, token: bob.pass.authenticationToken },
      { name: "ada's token for bob's pass", pass: bob.pass, token: ada.pass.authenticationToken },
      { name: "unknown serial", pass: unknown },
      { name: "another pass type", pass: ada.pass, type: "pass.com.example.other" },
    ];
    for (const c of cases) {
      const register = await phone.register(c.pass, { token: c.token, type: c.type });
      const unregister = await phone.unregister(c.pass, { token: c.token });
      const fetched = await fetchPass(c.pass, { token: c.token, type: c.type });
      expect([c.name, register.status, fetched.status]).toEqual([c.name, 401, 401]);
      if (!c.type) expect([c.name, unregister.status]).toEqual([c.name, 401]);
      expect(fetched.body.toString("utf8")).not.toContain("PK");
    }
    // No token, or not an ApplePass one.
    const path = `/api/wallet/apple/v1/passes/${TEST_PASS_TYPE_ID}/${ada.pass.serialNumber}`;
    const params = { passTypeIdentifier: TEST_PASS_TYPE_ID, serialNumber: ada.pass.serialNumber };
    for (const authorization of [undefined, `Bearer ${ada.pass.authenticationToken}`, "ApplePass", "ApplePass short"]) {
      const answer = await callService(passRoute, "GET", path, params, {
        headers: authorization ? { authorization } : {},
      });
      expect([authorization, answer.status]).toEqual([authorization, 401]);
    }
    expect(await db.appleDeviceRegistration.count({ where: { deviceLibraryIdentifier: phone.id } })).toBe(0);
  });
});

describe("unregistering", () => {
  test("DELETE answers 200; the device then hears of nothing, and the other device keeps its registration", async () => {
    const ada = await holder();
    const phone = appleDevice();
    const watch = appleDevice();
    await phone.register(ada.pass);
    await watch.register(ada.pass);
    expect((await phone.unregister(ada.pass)).status).toBe(200);
    expect((await phone.changes()).status).toBe(204);
    expect((await watch.changes()).json.serialNumbers).toEqual([ada.pass.serialNumber]);
    // Again: still 200 (nothing left to remove).
    expect((await phone.unregister(ada.pass)).status).toBe(200);
  });
});

describe("the log", () => {
  test("200; Wallet's messages reach the app's log bounded, on one line each, without tokens or ids", async () => {
    const { pass } = await holder();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const messages = [
      `[2026-11-24 10:00:00 +0000] Get pass task (pass type ${TEST_PASS_TYPE_ID}, serial number ${pass.serialNumber}) encountered error: Authentication failure`,
      `Register task with ApplePass ${pass.authenticationToken}\nsecond line\t`,
      "x".repeat(5000).replace(/x/g, (_, i: number) => (i % 10 === 0 ? " " : "x")),
      ...Array.from({ length: 30 }, (_, i) => `message ${i}`),
    ];
    const answer = await postLog(messages);
    expect(answer.status).toBe(200);
    const lines = warn.mock.calls.map((args) => String(args[0]));
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe(
      `Apple Wallet device log: [2026-11-24 10:00:00 +0000] Get pass task (pass type ${TEST_PASS_TYPE_ID}, serial number [redacted]) encountered error: Authentication failure`,
    );
    expect(lines[1]).toBe("Apple Wallet device log: Register task with ApplePass [redacted] second line");
    expect(lines[2]!.length).toBeLessThan(1100);
    for (const line of lines) {
      expect(line).not.toContain(pass.authenticationToken);
      expect(line).not.toContain(pass.serialNumber);
      expect(line).not.toMatch(/[\u0000-\u001f]/);
    }
  });

  test("a malformed body is a 4xx; past 60 requests a minute from one address, 429", async () => {
    jest.spyOn(console, "warn").mockImplementation(() => {});
    expect((await postLog("not a list")).status).toBe(400);
    expect((await postLog([1, 2])).status).toBe(400);
    expect((await postLog(["a\u0000b"])).status).toBe(400);
    expect((await postLog(Array.from({ length: 101 }, () => "x"))).status).toBe(400);
    const raw = await callService(
      logRoute as never,
      "POST",
      "/api/wallet/apple/v1/log",
      {},
      {
        rawBody: "{",
        headers: { "content-type": "application/json" },
      },
    );
    expect(raw.status).toBe(400);
    const address = {
      "x-loyaltap-client-ip": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await postLog(["hello"], address)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe("bad input", () => {
  test("malformed segments and bodies are answered with a 4xx, never a 500, and write nothing", async () => {
    const { pass } = await holder();
    const phone = appleDevice();
    const register = (params: Record<string, string>, options: Parameters<typeof callService>[4]) =>
      callService(registerRoute, "POST", "/api/wallet/apple/v1/devices/x/registrations/y/z", params as never, options);
    const good = {
      deviceLibraryIdentifier: phone.id,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      serialNumber: pass.serialNumber,
    };
    const statuses: [string, number][] = [];
    for (const [name, params] of [
      ["NUL in the device", { ...good, deviceLibraryIdentifier: "a\u0000b" }],
      ["long device", { ...good, deviceLibraryIdentifier: "a".repeat(500) }],
      ["bad pass type", { ...good, passTypeIdentifier: "com.example" }],
      ["NUL in the serial", { ...good, serialNumber: "a\u0000b" }],
      ["slash in the serial", { ...good, serialNumber: "../etc" }],
    ] as const)
      statuses.push([
        name,
        (await register(params, { token: pass.authenticationToken, body: { pushToken: phone.pushToken } })).status,
      ]);
    for (const [name, body] of [
      ["no push token", {}],
      ["push token not hex", { pushToken: "zz".repeat(32) }],
      ["push token too short", { pushToken: "ab" }],
      ["push token a number", { pushToken: 42 }],
      ["push token with a NUL", { pushToken: `${"ab".repeat(16)}\u0000` }],
    ] as const)
      statuses.push([name, (await register(good, { token: pass.authenticationToken, body })).status]);
    statuses.push([
      "malformed JSON",
      (
        await register(good, {
          token: pass.authenticationToken,
          rawBody: "{",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ]);
    statuses.push([
      "form body",
      (
        await register(good, {
          token: pass.authenticationToken,
          rawBody: "pushToken=ab",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ]);
    for (const [name, status] of statuses) {
      expect([name, status >= 400 && status < 500]).toEqual([name, true]);
    }
    expect(await db.appleDeviceRegistration.count({ where: { pass: { serialNumber: pass.serialNumber } } })).toBe(0);
  });
});

describe("Apple Wallet off", () => {
  test("every route of the web service answers 404", async () => {
    const { pass } = await holder();
    const phone = appleDevice();
    expect((await phone.register(pass)).status).toBe(201);
    for (const name of Object.keys(credentials.env())) delete process.env[name];
    const answers = {
      register: (await phone.register(pass)).status,
      unregister: (await phone.unregister(pass)).status,
      changes: (await phone.changes()).status,
      pass: (await fetchPass(pass)).status,
      log: (await postLog(["hello"])).status,
    };
    expect(answers).toEqual({ register: 404, unregister: 404, changes: 404, pass: 404, log: 404 });
    expect(await registrationsOf(pass)).toHaveLength(1);
  });
});
