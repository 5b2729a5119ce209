import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getRouteCacheKey, type ResponseCacheOwner } from "next/dist/server/lib/route-cache-key.js";
import { databaseCacheScope } from "@/scripts/db/cache-scope.mjs";
import { execFileAsync, interrupt, startEmbeddedProcess } from "@/tests/support/processes";

// One build serving one database, then another (npm start on the embedded
// database, then on a PostgreSQL): the second must never be served the
// first's cached pages or data. npm start names the database
// (scripts/db/cache-scope.mjs) and the cache handler keeps each database's
// entries in a folder of its own (server/cache-location.mjs).

const root = path.resolve(__dirname, "../..");

type Op =
  | { op: "setPage"; key: string; html: string }
  | { op: "getPage"; key: string }
  | { op: "setData"; key: string; body: string; tags: string[] }
  | { op: "getData"; key: string; tags: string[] };

// Each server process serves one database, so each "server" here is a process
// of its own, running Next.js's file-system cache through server/cache-handler.mjs
// as Next.js constructs it (a handler per request, on the build's folder).
const SERVER_SCRIPT = `
import { createRequire } from "node:module";
import path from "node:path";
const require = createRequire(path.join(process.cwd(), "package.json"));
const { nodeFs } = require("next/dist/server/lib/node-fs-methods.js");
const { default: CacheHandler } = await import(path.join(process.cwd(), "server/cache-handler.mjs"));
const { distDir, ops } = JSON.parse(process.argv[1]);
const handler = () => new CacheHandler({ dev: false, fs: nodeFs, flushToDisk: true, serverDistDir: path.join(distDir, "server"), revalidatedTags: [], maxMemoryCacheSize: 50 * 1024 * 1024 });
const results = [];
for (const step of ops) {
  if (step.op === "setPage") {
    const page = { kind: "APP_PAGE", html: step.html, rscData: Buffer.from("rsc"), headers: { "x-next-cache-tags": "tag:demo-cafe" }, status: 200, postponed: undefined, segmentData: undefined };
    await handler().set(step.key, page, { cacheControl: { revalidate: 300, expire: undefined }, isRoutePPREnabled: false, isFallback: false });
    results.push(null);
  } else if (step.op === "getPage") {
    const entry = await handler().get(step.key, { kind: "APP_PAGE", isFallback: false, isRoutePPREnabled: false });
    results.push(entry?.value?.html ?? null);
  } else if (step.op === "setData") {
    const data = { kind: "FETCH", data: { headers: {}, body: step.body, status: 200, url: "" }, revalidate: 300, tags: step.tags };
    await handler().set(step.key, data, { fetchCache: true, tags: step.tags, revalidate: 300 });
    results.push(null);
  } else if (step.op === "getData") {
    const entry = await handler().get(step.key, { kind: "FETCH", tags: step.tags, softTags: [] });
    results.push(entry?.value?.data?.body ?? null);
  }
}
console.log(JSON.stringify(results));
`;

async function serverOn(scope: string | undefined, distDir: string, ops: Op[]): Promise<(string | null)[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOYALTAP_CACHE_SCOPE: scope ?? "" };
  delete env.REDIS_URL;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", SERVER_SCRIPT, JSON.stringify({ distDir, ops })],
    { cwd: root, env },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as (string | null)[];
}

// A visitor's tap page under Next.js's route-cache key (route-cache-key.js): /route-cache/<kind>/<route hash>/$<path>.
const TAP_PAGE = "/route-cache/APP_PAGE/3c9f0e/$/tap/visitor/demo-cafe";
const TAP_DATA = "tap-landing-demo-cafe";

let distDir: string;
beforeEach(() => {
  distDir = mkdtempSync(path.join(os.tmpdir(), "loyaltap-cache-location-"));
  mkdirSync(path.join(distDir, "server", "app"), { recursive: true });
  writeFileSync(path.join(distDir, "BUILD_ID"), "build-1");
});
afterEach(() => rmSync(distDir, { recursive: true, force: true }));

describe("the file-system cache of one build on two databases", () => {
  test("pages and data cached on database A are not served on database B, and are still served on A afterwards", async () => {
    const onA = await serverOn("aaaa1111", distDir, [
      { op: "setPage", key: TAP_PAGE, html: "<p>Demo Café (database A)</p>" },
      { op: "setData", key: TAP_DATA, body: "Demo Café (database A)", tags: ["tag:demo-cafe"] },
      { op: "getPage", key: TAP_PAGE },
    ]);
    expect(onA[2]).toBe("<p>Demo Café (database A)</p>");

    const onB = await serverOn("bbbb2222", distDir, [
      { op: "getPage", key: TAP_PAGE },
      { op: "getData", key: TAP_DATA, tags: ["tag:demo-cafe"] },
      { op: "setPage", key: TAP_PAGE, html: "<p>Tag Not Found (database B)</p>" },
      { op: "getPage", key: TAP_PAGE },
    ]);
    expect(onB).toEqual([null, null, null, "<p>Tag Not Found (database B)</p>"]);

    const onAAgain = await serverOn("aaaa1111", distDir, [
      { op: "getPage", key: TAP_PAGE },
      { op: "getData", key: TAP_DATA, tags: ["tag:demo-cafe"] },
    ]);
    expect(onAAgain).toEqual(["<p>Demo Café (database A)</p>", "Demo Café (database A)"]);

    // Next.js's own cache folders are left alone: nothing was written there, so nothing there needs deleting.
    expect(existsSync(path.join(distDir, "server", "route-cache"))).toBe(false);
    expect(existsSync(path.join(distDir, "cache", "fetch-cache"))).toBe(false);
    expect(existsSync(path.join(distDir, "loyaltap-cache", "aaaa1111", "route-cache"))).toBe(true);
    expect(existsSync(path.join(distDir, "loyaltap-cache", "aaaa1111", "fetch-cache"))).toBe(true);
  });

  test("a page whose path has a segment too long for a file name is not cached, and nothing fails", async () => {
    const longPage = `/route-cache/APP_PAGE/3c9f0e/$/b/${"z".repeat(3000)}`;
    const results = await serverOn("aaaa1111", distDir, [
      { op: "setPage", key: longPage, html: "<p>A long slug</p>" },
      { op: "getPage", key: longPage },
      { op: "setPage", key: TAP_PAGE, html: "<p>Demo Café</p>" },
      { op: "getPage", key: TAP_PAGE },
    ]);
    expect(results).toEqual([null, null, null, "<p>Demo Café</p>"]);
  });

  test("a page the build prerendered (a static page) is still served on every database", async () => {
    // How next build leaves a prerendered page: in server/app, naming the route-cache key it seeds.
    // RouteKind is a const enum, which isolated modules cannot read: its value is the string.
    const owner = { kind: "APP_PAGE", sourceRoute: "/about/page" } as unknown as ResponseCacheOwner;
    const key = getRouteCacheKey("/about", owner);
    writeFileSync(path.join(distDir, "server", "app", "about.html"), "<h1>About Loyaltap</h1>");
    writeFileSync(path.join(distDir, "server", "app", "about.rsc"), "rsc");
    writeFileSync(
      path.join(distDir, "server", "app", "about.meta"),
      JSON.stringify({
        status: 200,
        headers: { "x-next-cache-tags": "_N_T_/about" },
        routeCache: { key, isFallback: false, owner },
      }),
    );

    expect(await serverOn("aaaa1111", distDir, [{ op: "getPage", key }])).toEqual(["<h1>About Loyaltap</h1>"]);
    expect(await serverOn("bbbb2222", distDir, [{ op: "getPage", key }])).toEqual(["<h1>About Loyaltap</h1>"]);
  });

  test("the scope must be a plain name: it becomes a folder", async () => {
    await expect(serverOn("../../etc", distDir, [{ op: "getPage", key: TAP_PAGE }])).rejects.toThrow(
      /LOYALTAP_CACHE_SCOPE must be/,
    );
  });
});

describe("the scope npm start gives a database", () => {
  test("is the same for the same database on every call, and differs for another database", async () => {
    const url = process.env.DATABASE_URL!;
    const scope = await databaseCacheScope(url);
    expect(scope).toMatch(/^[0-9a-f]{16}$/);
    expect(await databaseCacheScope(url)).toBe(scope);

    const other = await startEmbeddedProcess();
    try {
      await execFileAsync(process.execPath, ["scripts/db.mjs", "migrate"], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: other.url },
      });
      const otherScope = await databaseCacheScope(other.url);
      expect(otherScope).toMatch(/^[0-9a-f]{16}$/);
      expect(otherScope).not.toBe(scope);
    } finally {
      await interrupt(other.child);
    }
  }, 60_000);
});
