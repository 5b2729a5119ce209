import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { GET as downloadApplePass } from "@/app/api/wallet/apple/pass/route";
import { db } from "@/lib/db";
import { applePassFor } from "@/lib/db/apple-pass";
import { recordVisit } from "@/lib/tap/record-visit";
import { forgetLogos } from "@/lib/wallet/apple/images";
import { renderApplePass } from "@/lib/wallet/apple/render";
import { appleTestCredentials, TEST_PASS_TYPE_ID, TEST_TEAM_ID } from "../support/apple-wallet-certs";
import { call, type CallOptions } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// An Apple Wallet pass downloaded through GET /api/wallet/apple/pass on the
// real database, signed with the openssl-made test credentials: the .pkpass
// unzips, its manifest lists every file's SHA-1, its signature verifies
// against the test CA, and its pass.json shows the membership's card.

const credentials = appleTestCredentials();
const saved = { ...process.env };

beforeEach(() => {
  forgetLogos();
  Object.assign(process.env, credentials.env());
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await db.$disconnect();
});

const day = (n: number) => new Date(Date.now() - (10 - n) * 86_400_000);

/** A business with `programs`, and a customer with `visits` tag visits there (their membership). */
async function member(
  options: {
    programs?: NonNullable<Parameters<typeof createBusiness>[0]>["programs"];
    visits?: number;
    language?: string;
  } = {},
) {
  const place = await createBusiness({ dailyTapLimit: 5, programs: options.programs ?? [stampsProgram(10)] });
  const customer = await createUser({
    firstName: "Ada",
    lastName: "Lovelace",
    name: "Ada Lovelace",
    language: options.language ?? "en",
  });
  for (let n = 1; n <= (options.visits ?? 1); n++) {
    const visit = await recordVisit({
      userId: customer.user.id,
      businessId: place.business.id,
      tagId: place.tag.id,
      source: "TAG",
      now: day(n),
    });
    if (!visit.ok) throw new Error(`visit refused: ${visit.reason}`);
  }
  const membership = await db.membership.findUniqueOrThrow({
    where: { userId_businessId: { userId: customer.user.id, businessId: place.business.id } },
  });
  return { ...place, customer, membership };
}

/** The route's answer with its body as bytes (a .pkpass is a zip, not text). */
async function download(membership: string, options: CallOptions = {}) {
  const url = new URL("http://localhost/api/wallet/apple/pass");
  url.searchParams.set("membership", membership);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers(options.headers);
  if (options.bearer) headers.set("authorization", `Bearer ${options.bearer}`);
  const response = await downloadApplePass(new Request(url, { headers }));
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

type Unzipped = { dir: string; files: string[]; read(name: string): Buffer; passJson: Record<string, unknown> };

/** The .pkpass unzipped with the unzip tool, as Wallet would. */
function unzip(pkpass: Buffer): Unzipped {
  const dir = mkdtempSync(path.join(tmpdir(), "loyaltap-pkpass-"));
  writeFileSync(path.join(dir, "pass.pkpass"), pkpass);
  execFileSync("unzip", ["-q", "pass.pkpass", "-d", "content"], { cwd: dir });
  const content = path.join(dir, "content");
  const read = (name: string) => readFileSync(path.join(content, name));
  return {
    dir: content,
    files: readdirSync(content).sort(),
    read,
    passJson: JSON.parse(read("pass.json").toString("utf8")) as Record<string, unknown>,
  };
}

/** What Wallet checks before it shows a pass: every file in the manifest with its SHA-1, and the manifest signed. */
function expectSignedManifest(pass: Unzipped) {
  const manifest = JSON.parse(pass.read("manifest.json").toString("utf8")) as Record<string, string>;
  const listed = Object.keys(manifest).sort();
  expect(listed).toEqual(pass.files.filter((name) => name !== "manifest.json" && name !== "signature"));
  for (const name of listed) expect(manifest[name]).toBe(createHash("sha1").update(pass.read(name)).digest("hex"));
  // A detached PKCS#7 signature of manifest.json by the pass certificate, chained through WWDR to the (test) root.
  const verified = execFileSync(
    "openssl",
    ["smime", "-verify", "-binary", "-inform", "DER", "-in", "signature", "-content", "manifest.json"].concat([
      "-CAfile",
      credentials.caFile,
      "-purpose",
      "any",
      "-out",
      "/dev/null",
    ]),
    { cwd: pass.dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  expect(verified).toBeDefined();
}

type Field = { key: string; label?: string; value: string | number };
type Card = Record<"headerFields" | "primaryFields" | "secondaryFields" | "auxiliaryFields" | "backFields", Field[]>;
const fieldsOf = (json: Record<string, unknown>) => json.storeCard as Card;
const field = (fields: Field[], key: string) => fields.find((f) => f.key === key);

describe("GET /api/wallet/apple/pass", () => {
  test("the membership's own customer downloads a signed pass of their stamp card", async () => {
    const who = await member({ visits: 3 });
    await db.business.update({ where: { id: who.business.id }, data: { theme: { primaryColor: "#facc15" } } });
    const answer = await download(who.membership.id, { bearer: who.customer.bearer });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${who.business.slug}.pkpass"`);
    expect(answer.headers.get("cache-control")).toBe("no-store");

    const row = await db.applePass.findUniqueOrThrow({ where: { membershipId: who.membership.id } });
    expect(row.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(row.authenticationToken.length).toBeGreaterThanOrEqual(32);
    expect(row.businessName).toBe(who.business.name);

    const pass = unzip(answer.body);
    expectSignedManifest(pass);
    expect(pass.files).toEqual(
      expect.arrayContaining(["icon.png", "icon@2x.png", "logo.png", "logo@2x.png", "strip.png", "strip@2x.png"]),
    );
    expect(await sharp(pass.read("strip.png")).metadata()).toMatchObject({ width: 375, height: 123 });
    expect(await sharp(pass.read("strip@2x.png")).metadata()).toMatchObject({ width: 750, height: 246 });
    expect(pass.passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: row.serialNumber,
      authenticationToken: row.authenticationToken,
      webServiceURL: "http://localhost:3000/api/wallet/apple",
      organizationName: who.business.name,
      logoText: who.business.name,
      // Yellow card, dark text (the theme's contrast rule).
      backgroundColor: "rgb(250, 204, 21)",
      foregroundColor: "rgb(17, 24, 39)",
      barcodes: [
        {
          format: "PKBarcodeFormatQR",
          message: `http://localhost:3000/qr/${who.customer.user.id}`,
          messageEncoding: "iso-8859-1",
        },
      ],
    });
    expect(pass.passJson.voided).toBeUndefined();
    const card = fieldsOf(pass.passJson);
    expect(field(card.headerFields, "progress")).toMatchObject({ label: "Stamps", value: "3/10" });
    expect(field(card.secondaryFields, "member")).toMatchObject({ value: "Ada Lovelace" });
    expect(field(card.secondaryFields, "reward")).toMatchObject({ value: "Free coffee" });
    expect(field(card.auxiliaryFields, "rewards")).toMatchObject({ label: "Rewards ready", value: 0 });
    expect(field(card.backFields, "business")).toMatchObject({
      value: `http://localhost:3000/b/${who.business.slug}`,
    });
  });

  test("a second download is the same pass: the same serial number and secret, one row", async () => {
    const who = await member();
    const first = unzip((await download(who.membership.id, { bearer: who.customer.bearer })).body).passJson;
    const second = unzip((await download(who.membership.id, { bearer: who.customer.bearer })).body).passJson;
    expect(second.serialNumber).toBe(first.serialNumber);
    expect(second.authenticationToken).toBe(first.authenticationToken);
    expect(await db.applePass.count({ where: { membershipId: who.membership.id } })).toBe(1);
  });

  test("the tap result names the business: the customer's own membership there is the pass", async () => {
    const who = await member();
    const byMembership = unzip((await download(who.membership.id, { bearer: who.customer.bearer })).body).passJson;
    const answer = await call(downloadApplePass, "GET", "/api/wallet/apple/pass", {
      query: { business: who.business.id },
      bearer: who.customer.bearer,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    const url = new URL("http://localhost/api/wallet/apple/pass");
    url.searchParams.set("business", who.business.id);
    const response = await downloadApplePass(
      new Request(url, { headers: { authorization: `Bearer ${who.customer.bearer}` } }),
    );
    const byBusiness = unzip(Buffer.from(await response.arrayBuffer())).passJson;
    expect(byBusiness.serialNumber).toBe(byMembership.serialNumber);

    // A business where the caller has no card, or both names at once: not found, nothing written.
    const stranger = await createUser();
    const queries: Record<string, string>[] = [
      { business: who.business.id },
      { business: "no-such-business" },
      { membership: who.membership.id, business: who.business.id },
    ];
    for (const query of queries) {
      const refused = await call(downloadApplePass, "GET", "/api/wallet/apple/pass", {
        query,
        bearer: stranger.bearer,
      });
      expect(refused.status).toBe(404);
    }
    const both = await call(downloadApplePass, "GET", "/api/wallet/apple/pass", {
      query: { membership: who.membership.id, business: who.business.id },
      bearer: who.customer.bearer,
    });
    expect(both.status).toBe(404);
    expect(await db.applePass.count({ where: { membership: { userId: stranger.user.id } } })).toBe(0);
  });

  test("two first downloads at once make one pass", async () => {
    const who = await member();
    const rows = await Promise.all(
      Array.from({ length: 6 }, () => applePassFor(who.customer.user.id, who.membership.id)),
    );
    expect(new Set(rows.map((row) => row!.serialNumber)).size).toBe(1);
    expect(await db.applePass.count({ where: { membershipId: who.membership.id } })).toBe(1);
  });

  test("a points card shows the balance as its big number, in the customer's language", async () => {
    const who = await member({
      language: "es",
      visits: 2,
      programs: [
        { type: "points", name: "Puntos", rules: { pointsPerVisit: 10, threshold: 100 }, rewardName: "Tarta" },
      ],
    });
    const pass = unzip((await download(who.membership.id, { bearer: who.customer.bearer })).body);
    const card = fieldsOf(pass.passJson);
    expect(field(card.primaryFields, "progress")).toMatchObject({ label: "Puntos", value: 20 });
    expect(card.headerFields).toEqual([]);
    expect(field(card.auxiliaryFields, "rewards")).toMatchObject({ label: "Premios listos" });
    // No stamps, no strip.
    expect(pass.files).not.toContain("strip.png");
  });

  test("a visitor is refused; someone else's membership or a bad id is not found, and nothing is written", async () => {
    const who = await member();
    expect((await download(who.membership.id)).status).toBe(401);
    const stranger = await createUser();
    for (const membership of [who.membership.id, "no-such-membership", "x\u0000y", ""]) {
      const answer = await call(downloadApplePass, "GET", "/api/wallet/apple/pass", {
        query: { membership },
        bearer: stranger.bearer,
      });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ status: "error", message: "Card not found" });
    }
    expect(await db.applePass.count({ where: { membershipId: who.membership.id } })).toBe(0);
  });

  test("not configured: 404, nothing written", async () => {
    const who = await member();
    process.env = { ...saved };
    const answer = await call(downloadApplePass, "GET", "/api/wallet/apple/pass", {
      query: { membership: who.membership.id },
      bearer: who.customer.bearer,
      headers: { "accept-language": "ca" },
    });
    expect(answer.status).toBe(404);
    expect(answer.json.message).toBe("Apple Wallet no està disponible.");
    expect(await db.applePass.count({ where: { membershipId: who.membership.id } })).toBe(0);
  });
});

describe("renderApplePass", () => {
  test("a voided pass keeps only the business's name: no barcode, nothing of the customer", async () => {
    const who = await member({ visits: 2 });
    const row = (await applePassFor(who.customer.user.id, who.membership.id))!;
    const pass = unzip(await renderApplePass({ ...row, voidedAt: new Date() }));
    expectSignedManifest(pass);
    expect(pass.passJson).toMatchObject({
      voided: true,
      serialNumber: row.serialNumber,
      authenticationToken: row.authenticationToken,
      organizationName: who.business.name,
    });
    expect(pass.passJson.barcodes).toBeUndefined();
    const text = pass.read("pass.json").toString("utf8");
    expect(text).not.toContain(who.customer.user.id);
    expect(text).not.toContain("Ada");
    expect(pass.files).not.toContain("strip.png");
  });

  test("a pass whose membership is gone is voided too", async () => {
    const who = await member();
    const row = (await applePassFor(who.customer.user.id, who.membership.id))!;
    await db.membership.delete({ where: { id: who.membership.id } });
    const stored = await db.applePass.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.membershipId).toBeNull();
    const pass = unzip(await renderApplePass(stored));
    expect(pass.passJson).toMatchObject({ voided: true, organizationName: who.business.name });
  });

  test("throws when Apple Wallet is off", async () => {
    process.env = { ...saved };
    await expect(
      renderApplePass({
        serialNumber: "s",
        authenticationToken: "t",
        membershipId: null,
        businessName: "x",
        voidedAt: null,
      }),
    ).rejects.toThrow(/Apple Wallet is off/);
  });
});

describe("the business's logo", () => {
  let server: Server;
  let origin: string;
  let logoRequests = 0;

  beforeAll(async () => {
    const wide = await sharp({ create: { width: 400, height: 100, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    server = createServer((request, response) => {
      if (request.url === "/logo.png") {
        logoRequests++;
        response.writeHead(200, { "content-type": "image/png" }).end(wide);
      } else if (request.url === "/moved.png") {
        response.writeHead(302, { location: "/logo.png" }).end();
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function logoOf(logoUrl: string, siteUrl: string) {
    process.env.SITE_URL = siteUrl;
    const who = await member();
    await db.business.update({ where: { id: who.business.id }, data: { logoUrl } });
    const pass = unzip((await download(who.membership.id, { bearer: who.customer.bearer })).body);
    return {
      one: await sharp(pass.read("logo.png")).metadata(),
      two: await sharp(pass.read("logo@2x.png")).metadata(),
      pixel: (await sharp(pass.read("logo.png")).raw().toBuffer()).subarray(0, 3),
    };
  }

  test("on our own site it is fetched, fitted into 160 × 50 (320 × 100 at @2x) and kept for the next pass", async () => {
    const before = logoRequests;
    const logo = await logoOf(`${origin}/logo.png`, origin);
    expect(logo.one).toMatchObject({ width: 160, height: 40 });
    expect(logo.two).toMatchObject({ width: 320, height: 80 });
    expect([...logo.pixel]).toEqual([255, 0, 0]);
    await logoOf(`${origin}/logo.png`, origin);
    expect(logoRequests - before).toBe(1);
  });

  test("plain http elsewhere, a private address, or a redirect: the app's icon instead", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const before = logoRequests;
    const https = origin.replace("http:", "https:");
    for (const [logoUrl, siteUrl, reason] of [
      [`${origin}/logo.png`, "https://loyaltap.example", "only https URLs are fetched"],
      [`${origin.replace("127.0.0.1", "localhost")}/logo.png`, origin, "only https URLs are fetched"],
      [`${https}/logo.png`, "https://loyaltap.example", "the address is not public"],
      // A name is checked where the socket connects: localhost is loopback.
      [`${https.replace("127.0.0.1", "localhost")}/logo.png`, "https://loyaltap.example", "not public"],
      [`${origin}/moved.png`, origin, "the answer was 302"],
    ] as const) {
      warn.mockClear();
      const logo = await logoOf(logoUrl, siteUrl);
      // The app's square icon, 50 × 50 in the logo's box.
      expect(logo.one).toMatchObject({ width: 50, height: 50 });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason));
    }
    expect(logoRequests).toBe(before);
    warn.mockRestore();
  });
});
