import { startCluster, type Cluster } from "./support/cluster";
import { businessRegistration, postJson, registerCustomer, registerOwner, unique, type Owner } from "./support/actors";
import { stampsProgramInput } from "./support/roles";
import { callServerAction } from "./support/server-actions";
import { profileForm } from "../support/profile-form";

// Every write that changes what a public page shows, made through the real
// server as the UI makes it, against the cached pages a visitor gets: the tap
// landing (/tap?id=, rewritten to the cached /tap/visitor/<id> without a
// session cookie) and the public card (/b/<slug>). Each row warms both pages
// until they are served from the cache (x-nextjs-cache: HIT), writes, and the
// very next request must show the change. Another café's pages, warmed the
// same way, must still be served from the cache afterwards: one café's write
// re-renders nothing of anyone else's.

let cluster: Cluster;
let url: string;
/** The café whose cached pages no other café's write may expire. */
let bystander: { tagId: string; slug: string };

type Page = { status: number; html: string; cache: string | null };

async function get(path: string, cookie?: string): Promise<Page> {
  const response = await fetch(new URL(path, url), { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text(), cache: response.headers.get("x-nextjs-cache") };
}

/** Requests `path` until the cache serves it (the first request renders and stores it). */
async function warm(path: string): Promise<Page> {
  for (let i = 0; i < 5; i++) {
    const page = await get(path);
    if (page.cache === "HIT") return page;
  }
  throw new Error(`${path} is never served from the cache`);
}

const tapPath = (tagId: string) => `/tap?id=${encodeURIComponent(tagId)}`;
const cardPath = (slug: string) => `/b/${encodeURIComponent(slug)}`;
const slugOf = async (businessId: string) =>
  (await cluster.sql.query<{ slug: string }>(`SELECT slug FROM "Business" WHERE id = $1`, [businessId])).rows[0]!.slug;

async function action(name: string, args: unknown[], cookie: string) {
  const answer = await callServerAction<{ ok?: boolean; error?: string }>(url, name, args, { cookie });
  if (answer.status !== 200 || answer.result?.ok !== true)
    throw new Error(`${name}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return answer.result as { ok: true; id?: string; businessId?: string };
}

/** A café (owner, business, a claimed tag) through the registration wizard's API. */
async function cafe(): Promise<Owner & { tagId: string; slug: string; name: string }> {
  const tagId = `cache-${unique()}`;
  const owner = await registerOwner(url, { tapId: tagId });
  const slug = await slugOf(owner.businessId);
  const name = (
    await cluster.sql.query<{ name: string }>(`SELECT name FROM "Business" WHERE id = $1`, [owner.businessId])
  ).rows[0]!.name;
  return { ...owner, tagId, slug, name };
}

function profile(name: string, overrides: { description?: string; primaryColor?: string } = {}) {
  return profileForm({
    name,
    description: overrides.description ?? "",
    theme: { primaryColor: overrides.primaryColor ?? "" },
    dailyTapLimit: 10,
  });
}

const wizardPayload = (name: string, tapId: string) => {
  const { business, business_profile } = businessRegistration("unused@example.test", name, tapId);
  return { business, business_profile, tap_id: tapId };
};

const KEY = "00112233445566778899aabbccddeeff";

/**
 * One row: `arrange` makes the data and says which tag and card to watch;
 * `write` changes it; `before`/`after` say what the warmed pages show before
 * the write and what the very next requests show after it.
 */
type Scene = {
  tagId: string;
  slug: string;
  write(): Promise<void>;
  before: { tap: string[]; card: string[] | 404 };
  after: { tap: string[]; tapNot?: string[]; card: string[] | 404; cardNot?: string[] };
  /** Checks after the write beyond the two pages (e.g. the owner tapping their own tag). */
  also?(): Promise<void>;
};
type Row = { write: string; arrange(): Promise<Scene> };

const NOT_FOUND = "Tag Not Found";
const AVAILABLE = "This tag exists but is available for claiming.";
const NOT_VERIFIED = "This tag could not be verified.";
const WITHDRAWN = "This business is not available right now.";

const sessionCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => /session-token=/.test(c))!;

/** The owner, signed in, taps their own new tag: their dashboard, never the claim page. */
const ownerTapsOwnTag = (tagId: string, cookie: string) => async () => {
  const page = await get(tapPath(tagId), cookie);
  expect(page.status).toBe(200);
  expect(page.html).toContain("This tag belongs to your business");
  expect(page.html).not.toContain("This tag is free");
};

const rows: Row[] = [
  {
    write: "guest business wizard with tap_id (POST /api/auth/register), tag unknown until then",
    async arrange() {
      const tagId = `cache-${unique()}`;
      const name = `Wizard Cafe ${unique()}`;
      let cookie = "";
      return {
        tagId,
        slug: name.toLowerCase().replace(/ /g, "-"),
        async write() {
          const result = await postJson(
            url,
            "/api/auth/register",
            businessRegistration(`wizard-${unique()}@example.test`, name, tagId),
          );
          expect(result.status).toBe(201);
          cookie = sessionCookieOf(result.headers);
        },
        before: { tap: [NOT_FOUND], card: 404 },
        after: { tap: [name], tapNot: [NOT_FOUND], card: [name] },
        also: () => ownerTapsOwnTag(tagId, cookie)(),
      };
    },
  },
  {
    write: "guest business wizard with tap_id (POST /api/auth/register), tag known and unclaimed",
    async arrange() {
      const tagId = `cache-${unique()}`;
      await cluster.sql.query(`INSERT INTO "Tag" ("id", "updatedAt") VALUES ($1, now())`, [tagId]);
      const name = `Wizard Cafe ${unique()}`;
      let cookie = "";
      return {
        tagId,
        slug: name.toLowerCase().replace(/ /g, "-"),
        async write() {
          const result = await postJson(
            url,
            "/api/auth/register",
            businessRegistration(`wizard-${unique()}@example.test`, name, tagId),
          );
          expect(result.status).toBe(201);
          cookie = sessionCookieOf(result.headers);
        },
        before: { tap: [AVAILABLE], card: 404 },
        after: { tap: [name], tapNot: [AVAILABLE], card: [name] },
        also: () => ownerTapsOwnTag(tagId, cookie)(),
      };
    },
  },
  {
    write: "signed-in business wizard with tap_id (addBusinessAction)",
    async arrange() {
      const tagId = `cache-${unique()}`;
      await cluster.sql.query(`INSERT INTO "Tag" ("id", "updatedAt") VALUES ($1, now())`, [tagId]);
      const person = await registerCustomer(url);
      const name = `Action Cafe ${unique()}`;
      return {
        tagId,
        slug: name.toLowerCase().replace(/ /g, "-"),
        write: async () => void (await action("addBusinessAction", [wizardPayload(name, tagId)], person.cookie)),
        before: { tap: [AVAILABLE], card: 404 },
        after: { tap: [name], tapNot: [AVAILABLE], card: [name] },
        also: ownerTapsOwnTag(tagId, person.cookie),
      };
    },
  },
  {
    write: "registration finished after a Google sign-up, with tap_id (completePendingRegistrationAction)",
    async arrange() {
      const tagId = `cache-${unique()}`;
      const person = await registerCustomer(url);
      const name = `Pending Cafe ${unique()}`;
      return {
        tagId,
        slug: name.toLowerCase().replace(/ /g, "-"),
        write: async () =>
          void (await action("completePendingRegistrationAction", [wizardPayload(name, tagId)], person.cookie)),
        before: { tap: [NOT_FOUND], card: 404 },
        after: { tap: [name], tapNot: [NOT_FOUND], card: [name] },
        also: ownerTapsOwnTag(tagId, person.cookie),
      };
    },
  },
  {
    write: "claim of a free tag from the dashboard (claimTagAction)",
    async arrange() {
      const owner = await cafe();
      const tagId = `cache-${unique()}`;
      await cluster.sql.query(`INSERT INTO "Tag" ("id", "updatedAt") VALUES ($1, now())`, [tagId]);
      return {
        tagId,
        slug: owner.slug,
        write: async () =>
          void (await action("claimTagAction", [{ tagId, businessId: owner.businessId }], owner.cookie)),
        before: { tap: [AVAILABLE], card: [owner.name] },
        after: { tap: [owner.name], tapNot: [AVAILABLE], card: [owner.name] },
        also: ownerTapsOwnTag(tagId, owner.cookie),
      };
    },
  },
  {
    write: "unclaim (releaseTagAction)",
    async arrange() {
      const owner = await cafe();
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () => void (await action("releaseTagAction", [owner.tagId], owner.cookie)),
        before: { tap: [owner.name], card: [owner.name] },
        after: { tap: [AVAILABLE], tapNot: [owner.name], card: [owner.name] },
      };
    },
  },
  {
    write: "business renamed (updateBusinessProfileAction)",
    async arrange() {
      const owner = await cafe();
      const renamed = `Renamed Cafe ${unique()}`;
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () =>
          void (await action("updateBusinessProfileAction", [owner.businessId, profile(renamed)], owner.cookie)),
        before: { tap: [owner.name], card: [owner.name] },
        after: { tap: [renamed], tapNot: [owner.name], card: [renamed], cardNot: [owner.name] },
      };
    },
  },
  {
    write: "business profile edited: description (updateBusinessProfileAction)",
    async arrange() {
      const owner = await cafe();
      const description = `Now serving ${unique()} pastries`;
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () =>
          void (await action(
            "updateBusinessProfileAction",
            [owner.businessId, profile(owner.name, { description })],
            owner.cookie,
          )),
        before: { tap: [owner.name], card: [owner.name] },
        after: { tap: [description], card: [description] },
      };
    },
  },
  {
    write: "business theme edited: primary colour (updateBusinessProfileAction)",
    async arrange() {
      const owner = await cafe();
      const colour = "#a1b2c3";
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () =>
          void (await action(
            "updateBusinessProfileAction",
            [owner.businessId, profile(owner.name, { primaryColor: colour })],
            owner.cookie,
          )),
        before: { tap: [owner.name], card: [owner.name] },
        after: { tap: [colour], card: [colour] },
      };
    },
  },
  {
    write: "secure mode on (saveSecureTagKeysAction)",
    async arrange() {
      const owner = await cafe();
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () =>
          void (await action(
            "saveSecureTagKeysAction",
            [{ tagId: owner.tagId, metaReadKey: KEY, fileReadKey: KEY }],
            owner.cookie,
          )),
        before: { tap: [owner.name], card: [owner.name] },
        // The page's title still names the business; the card is gone.
        after: { tap: [NOT_VERIFIED], tapNot: ["Link me"], card: [owner.name] },
      };
    },
  },
  {
    write: "secure mode off (disableSecureTagAction)",
    async arrange() {
      const owner = await cafe();
      await action(
        "saveSecureTagKeysAction",
        [{ tagId: owner.tagId, metaReadKey: KEY, fileReadKey: KEY }],
        owner.cookie,
      );
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () => void (await action("disableSecureTagAction", [owner.tagId], owner.cookie)),
        before: { tap: [NOT_VERIFIED], card: [owner.name] },
        after: { tap: [owner.name], tapNot: [NOT_VERIFIED], card: [owner.name] },
      };
    },
  },
  {
    write: "program created (createProgramAction)",
    async arrange() {
      const owner = await cafe();
      const program = `Coffee card ${unique()}`;
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () =>
          void (await action(
            "createProgramAction",
            [stampsProgramInput(owner.businessId, program, "Free coffee")],
            owner.cookie,
          )),
        before: { tap: [owner.name], card: [owner.name] },
        after: { tap: [program], card: [owner.name] },
      };
    },
  },
  ...(["edited", "paused", "ended"] as const).map((change): Row => ({
    write: `program ${change} (${{ edited: "updateProgramAction", paused: "setProgramActiveAction", ended: "endProgramAction" }[change]})`,
    async arrange() {
      const owner = await cafe();
      const program = `Coffee card ${unique()}`;
      const renamed = `Tea card ${unique()}`;
      const { id } = await action(
        "createProgramAction",
        [stampsProgramInput(owner.businessId, program, "Free coffee")],
        owner.cookie,
      );
      const write = {
        edited: () =>
          action("updateProgramAction", [id, stampsProgramInput(owner.businessId, renamed, "Free tea")], owner.cookie),
        paused: () => action("setProgramActiveAction", [id, false], owner.cookie),
        ended: () => action("endProgramAction", [id], owner.cookie),
      }[change];
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () => void (await write()),
        before: { tap: [program], card: [owner.name] },
        after:
          change === "edited"
            ? { tap: [renamed], tapNot: [program], card: [owner.name] }
            : { tap: [owner.name], tapNot: [program], card: [owner.name] },
      };
    },
  })),
  ...([true, false] as const).map((disable): Row => ({
    write: disable
      ? "owner's account disabled by an admin (setUserDisabledAction)"
      : "owner's account enabled again (setUserDisabledAction)",
    async arrange() {
      const owner = await cafe();
      const admin = await registerCustomer(url);
      await cluster.sql.query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
      const setDisabled = (disabled: boolean) =>
        action("setUserDisabledAction", [{ userId: owner.id, disabled }], admin.cookie);
      if (!disable) await setDisabled(true);
      const shown = { tap: [owner.name], card: [owner.name] };
      // Withdrawn: the card is gone and the tag leads nowhere (not offered for claiming either).
      const withdrawn = {
        tap: [NOT_FOUND, WITHDRAWN],
        tapNot: [owner.name, "available for claiming", "Claim Tag"],
        card: 404 as const,
      };
      return {
        tagId: owner.tagId,
        slug: owner.slug,
        write: async () => void (await setDisabled(disable)),
        before: disable ? shown : withdrawn,
        after: disable ? withdrawn : { ...shown, tapNot: [NOT_FOUND] },
        async also() {
          const sitemap = await get("/sitemap.xml");
          if (disable) expect(sitemap.html).not.toContain(cardPath(owner.slug));
          else expect(sitemap.html).toContain(cardPath(owner.slug));
        },
      };
    },
  })),
];

beforeAll(async () => {
  cluster = await startCluster({ instances: 1, env: { REGISTRATION_LIMIT_PER_HOUR: "0" } });
  url = cluster.instances[0]!.url;
  const other = await cafe();
  bystander = { tagId: other.tagId, slug: other.slug };
});
afterAll(async () => {
  await cluster?.stop();
});

function expectShows(page: Page, expected: string[] | 404, absent: string[] = []) {
  if (expected === 404) {
    expect(page.status).toBe(404);
    return;
  }
  expect(page.status).toBe(200);
  const html = page.html.toLowerCase();
  for (const text of expected) expect(html).toContain(text.toLowerCase());
  for (const text of absent) expect(html).not.toContain(text.toLowerCase());
}

test.each(rows.map((row) => [row.write, row] as const))(
  "%s: the public tap page and card show it at once",
  async (_name, row) => {
    const scene = await row.arrange();
    const tap = await warm(tapPath(scene.tagId));
    const card = await warm(cardPath(scene.slug));
    expectShows(tap, scene.before.tap);
    expectShows(card, scene.before.card);
    await warm(tapPath(bystander.tagId));
    await warm(cardPath(bystander.slug));

    await scene.write();

    expectShows(await get(tapPath(scene.tagId)), scene.after.tap, scene.after.tapNot);
    expectShows(await get(cardPath(scene.slug)), scene.after.card, scene.after.cardNot);
    await scene.also?.();
    // Nothing of the other café was expired: both its pages are still the cached render.
    expect((await get(tapPath(bystander.tagId))).cache).toBe("HIT");
    expect((await get(cardPath(bystander.slug))).cache).toBe("HIT");
  },
);

test("a tag's label is the owner's note: renaming it re-renders no public page", async () => {
  const owner = await cafe();
  await warm(tapPath(owner.tagId));
  await warm(cardPath(owner.slug));
  await action("renameTagAction", [{ tagId: owner.tagId, label: `Counter ${unique()}` }], owner.cookie);
  expect((await get(tapPath(owner.tagId))).cache).toBe("HIT");
  expect((await get(cardPath(owner.slug))).cache).toBe("HIT");
});

test("sitemap.xml lists a new business's card and an edit's date at once", async () => {
  const before = await get("/sitemap.xml");
  const owner = await cafe();
  expect(before.html).not.toContain(cardPath(owner.slug));
  const listed = await get("/sitemap.xml");
  expect(listed.html).toContain(cardPath(owner.slug));
  const dateOf = (xml: string) =>
    new RegExp(`${cardPath(owner.slug)}</loc>(?:\\s*<xhtml:link [^>]*/>)*\\s*<lastmod>([^<]+)</lastmod>`).exec(
      xml,
    )?.[1];
  const first = dateOf(listed.html);
  expect(first).toBeDefined();
  await action("updateBusinessProfileAction", [owner.businessId, profile(`Sitemap Cafe ${unique()}`)], owner.cookie);
  expect(dateOf((await get("/sitemap.xml")).html)).not.toBe(first);
});
