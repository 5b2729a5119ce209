import { randomBytes } from "node:crypto";
import { startCluster, type Cluster } from "./support/cluster";
import { unsafeParts } from "./support/html";
import { send } from "./support/http";
import { createProgram, register, registerOwner, stampsProgramInput, tap, testIp, type Person } from "./support/roles";
import { postAction } from "./support/action-manifest";
import { profileForm } from "../support/profile-form";

// Stored XSS: script payloads in every text a user can edit — business name,
// description, keywords, website and social links, program and reward names,
// tag labels, people's first and last names — entered through the app's own
// endpoints and actions, then read back on the tap page (visitor and signed
// in), the public card, the dashboards and the admin pages. The raw HTML must
// carry them as escaped text only, and no `javascript:` URL may reach an href.

const SCRIPT = "<script>window.__xss=1</script>";
const IMG = `"><img src=x onerror=window.__xss=1>`;
const HOSTILE = `${SCRIPT}${IMG}`;
const JS_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
];

let cluster: Cluster;
let owner: Person & { businessId: string | null };
let member: Person;
let admin: Person;
let tagId: string;
let slug: string;
let programId: string;
let rewardId: string;

const url = () => cluster.instances[0]!.url;

/** The escaped form React renders a text in. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

beforeAll(async () => {
  cluster = await startCluster({ instances: 1, env: { REGISTRATION_LIMIT_PER_HOUR: "0" } });
  // An idle pool connection that PostgreSQL closes (e.g. while the database is dropped at the end) must not fail the file.
  cluster.sql.on("error", (error) => console.warn(`reliability pool: ${error.message}`));
  const tag = randomBytes(4).toString("hex");
  tagId = `xss-${tag}`;
  owner = await registerOwner(
    url(),
    "xss-owner",
    { name: `Cafe ${HOSTILE}`.slice(0, 120), description: `About us ${HOSTILE}` },
    tagId,
    { first_name: `Olga${SCRIPT}`, last_name: `Owner${IMG}` },
  );
  member = await register(url(), {
    email: `xss-member-${tag}@example.test`,
    metadata: { first_name: `Mia${SCRIPT}`, last_name: `Member${IMG}` },
  });
  admin = await register(url(), {
    email: `xss-admin-${tag}@example.test`,
    metadata: { first_name: "Ad", last_name: "Min" },
  });
  await cluster.sql.query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
  const { rows } = await cluster.sql.query(`SELECT slug FROM "Business" WHERE id = $1`, [owner.businessId]);
  slug = rows[0].slug;
  const input = {
    ...stampsProgramInput(owner.businessId!, `Card ${HOSTILE}`.slice(0, 80), `Gift ${HOSTILE}`.slice(0, 80)),
    description: `Rules ${HOSTILE}`,
    rewardDescription: `Enjoy ${HOSTILE}`,
  };
  programId = await createProgram(url(), owner, input);
  await tap(url(), member, tagId);
  const rewards = await cluster.sql.query(`SELECT id FROM "Reward" WHERE "businessId" = $1`, [owner.businessId]);
  rewardId = rewards.rows[0].id;
});
afterAll(async () => {
  await cluster?.stop();
});

function profile(overrides: Record<string, unknown> = {}) {
  return profileForm({
    name: `Cafe ${HOSTILE}`.slice(0, 120),
    description: `About us ${HOSTILE}`,
    keywords: [IMG.slice(0, 60)],
    website: `https://example.test/${IMG}`,
    address: `Calle ${IMG}`,
    socialLinks: [{ network: `Insta${IMG}`.slice(0, 40), url: `https://social.test/${IMG}` }],
    dailyTapLimit: 1,
    ...overrides,
  });
}

test("the checker finds each way a payload could run, and passes escaped text", () => {
  expect(unsafeParts(`<p>Cafe <script>window.__xss=1</script></p>`)).not.toEqual([]);
  expect(unsafeParts(`<p>"><img src=x onerror=window.__xss=1></p>`)).not.toEqual([]);
  expect(unsafeParts(`<div title=""><img src=x onerror=window.__xss=1>">`)).not.toEqual([]);
  expect(unsafeParts(`<a href="javascript:alert(1)">x</a>`)).not.toEqual([]);
  expect(unsafeParts(`<a href=" JaVa&#x09;Script&colon;alert(1)">x</a>`)).not.toEqual([]);
  expect(
    unsafeParts(
      `<article aria-label="Cafe &lt;script&gt;window.__xss=1&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=window.__xss=1&gt;">x</article>`,
    ),
  ).toEqual([]);
  expect(unsafeParts(`<script>self.__next_f.push([1,"\\u003cscript\\u003ewindow.__xss=1"])</script>`)).toEqual([]);
  expect(unsafeParts(`<a href="https://social.test/%22%3E%3Cimg%20src=x%20onerror=window.__xss=1%3E">x</a>`)).toEqual(
    [],
  );
});

describe("javascript: and other script URLs are refused wherever a link is entered", () => {
  test("the business profile refuses them as social links, website and logo", async () => {
    const accepted: string[] = [];
    for (const bad of JS_URLS) {
      for (const field of ["socialLinks", "website", "logoUrl"] as const) {
        const value = field === "socialLinks" ? [{ network: "Instagram", url: bad }] : bad;
        const answer = await postAction(
          url(),
          "updateBusinessProfileAction",
          [owner.businessId, profile({ [field]: value })],
          { cookie: owner.cookie },
        );
        if ((answer.result as { ok?: boolean } | undefined)?.ok !== false)
          accepted.push(`${field}=${JSON.stringify(bad)} → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  test("registration refuses them as social links, website and logo", async () => {
    const accepted: string[] = [];
    for (const bad of JS_URLS) {
      for (const field of ["social_media", "website", "logo_url"] as const) {
        const response = await fetch(`${url()}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-loyaltap-client-ip": testIp() },
          body: JSON.stringify({
            email: `xss-reg-${randomBytes(4).toString("hex")}@example.test`,
            password: "reliability-password-1",
            business: { name: "Link test" },
            business_profile: {
              keywords: ["k"],
              phone: "+34 600 000 000",
              address: "Somewhere 1",
              [field]: field === "social_media" ? { instagram: bad } : bad,
            },
          }),
        });
        if (response.status !== 400) accepted.push(`${field}=${JSON.stringify(bad)} → ${response.status}`);
      }
    }
    expect(accepted).toEqual([]);
    const { rows } = await cluster.sql.query(`SELECT count(*)::int AS n FROM "Business" WHERE name = 'Link test'`);
    expect(rows[0].n).toBe(0);
  });

  test("no stored link of any business is anything but http(s)", async () => {
    const { rows } = await cluster.sql.query(
      `SELECT website, "logoUrl", "socialMedia"::text AS social FROM "Business"`,
    );
    for (const row of rows) {
      for (const value of [row.website, row.logoUrl]) if (value) expect(value).toMatch(/^https?:\/\//);
      for (const link of Object.values(JSON.parse(row.social) as Record<string, string>))
        expect(link).toMatch(/^https?:\/\//);
    }
  });
});

describe("hostile text is stored as entered and rendered as text", () => {
  beforeAll(async () => {
    // Edited through the dashboard's actions too: profile (website, keywords, social links), tag label, people's names.
    const saved = await postAction(url(), "updateBusinessProfileAction", [owner.businessId, profile()], {
      cookie: owner.cookie,
    });
    expect(saved.result).toMatchObject({ ok: true });
    const renamed = await postAction(url(), "renameTagAction", [{ tagId, label: `Door ${IMG}`.slice(0, 60) }], {
      cookie: owner.cookie,
    });
    expect(renamed.result).toEqual({ ok: true });
    const named = await postAction(
      url(),
      "updateProfileAction",
      [{ firstName: `Mia${SCRIPT}`, lastName: `Member${IMG}`, birthday: "" }],
      { cookie: member.cookie },
    );
    expect(named.result).toEqual({ ok: true });
    const { rows } = await cluster.sql.query(`SELECT name, slug FROM "Business" WHERE id = $1`, [owner.businessId]);
    expect(rows[0].name).toContain(SCRIPT);
    slug = rows[0].slug;
  });

  test("an owner's adjustment keeps its reason as typed, payload and all", async () => {
    const adjusted = await postAction(
      url(),
      "adjustProgressAction",
      [{ businessId: owner.businessId, customerId: member.id, programId, delta: 1, reason: `Because ${HOSTILE}` }],
      { cookie: owner.cookie },
    );
    expect(adjusted.result).toMatchObject({ ok: true });
  });

  type View = { name: string; path: string; as: () => Person | null; shows: string[] };
  const views: View[] = [
    { name: "tap page, visitor", path: "/tap?id=TAG", as: () => null, shows: ["Cafe", "About us", "Card"] },
    { name: "tap page, signed-in member", path: "/tap?id=TAG", as: () => member, shows: ["Cafe", "Card"] },
    { name: "public card", path: "/b/SLUG", as: () => null, shows: ["Cafe", "About us"] },
    { name: "owner dashboard", path: "/dashboard", as: () => owner, shows: ["Cafe"] },
    { name: "owner business page", path: "/dashboard/business/BUSINESS", as: () => owner, shows: ["Cafe"] },
    { name: "owner program page", path: "/dashboard/program/PROGRAM", as: () => owner, shows: ["Card"] },
    { name: "owner tag QR page", path: "/dashboard/tag/TAG/qr", as: () => owner, shows: [] },
    { name: "owner reward page", path: "/dashboard/redeem-reward/REWARD", as: () => owner, shows: ["Gift"] },
    { name: "owner's view of the member's QR", path: "/qr/MEMBER", as: () => owner, shows: [] },
    { name: "member reward page", path: "/dashboard/redeem-reward/REWARD", as: () => member, shows: ["Gift"] },
    { name: "member rewards", path: "/dashboard/rewards", as: () => member, shows: ["Gift"] },
    { name: "member wallet", path: "/dashboard/wallet", as: () => member, shows: ["Cafe", "Because"] },
    {
      name: "owner's card of the member",
      path: "/dashboard/business/BUSINESS/customers/MEMBER",
      as: () => owner,
      shows: ["Mia", "Because", "Card"],
    },
    { name: "member settings", path: "/dashboard/settings", as: () => member, shows: ["Mia"] },
    { name: "admin user list", path: "/admin/users", as: () => admin, shows: ["Mia"] },
    { name: "admin user search", path: "/admin/users?q=Mia", as: () => admin, shows: ["Mia"] },
    { name: "admin member page", path: "/admin/users/MEMBER", as: () => admin, shows: ["Mia"] },
    { name: "admin owner page", path: "/admin/users/OWNER", as: () => admin, shows: ["Olga"] },
  ];

  const fill = (path: string) =>
    path
      .replace("TAG", tagId)
      .replace("SLUG", slug)
      .replace("BUSINESS", owner.businessId!)
      .replace("PROGRAM", programId)
      .replace("REWARD", rewardId)
      .replace("MEMBER", member.id)
      .replace("OWNER", owner.id);

  for (const view of views) {
    test(`${view.name}: payloads appear only as escaped text`, async () => {
      const person = view.as();
      const path = fill(view.path);
      const answer = await send({ method: "GET", url: url() + path, headers: person ? { cookie: person.cookie } : {} });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(unsafeParts(answer.text)).toEqual([]);
      // The hostile text is on the page, escaped (so the check above looked at it).
      for (const prefix of view.shows) expect(answer.text).toContain(escaped(`${prefix}`));
      if (view.shows.length)
        expect(answer.text).toMatch(/&lt;script&gt;window\.__xss=1|&quot;&gt;&lt;img src=x onerror/);
    });
  }

  test("the sitemap and the tap API carry the names as data, not markup", async () => {
    const sitemap = await send({ method: "GET", url: `${url()}/sitemap.xml`, headers: {} });
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).not.toContain("<script>");
    const api = await send({ method: "GET", url: `${url()}/api/tap?id=${tagId}`, headers: {} });
    expect(api.contentType).toContain("application/json");
    expect(JSON.parse(api.text).business.name).toContain(SCRIPT);
  });
});
