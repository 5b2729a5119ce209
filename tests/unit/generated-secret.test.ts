import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { readOrCreateSecretFile } from "@/scripts/generated-secret.mjs";

// Starters that ask for the generated AUTH_SECRET at the same moment all get
// the one secret that ends up in the file (else a session signed by one
// instance is refused by the other).

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "loyaltap-secret-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("ten callers at the same moment get one secret, the one in the file, and one of them created it", async () => {
  const file = path.join(dir, "nested", "auth-secret");
  const results = await Promise.all(Array.from({ length: 10 }, () => readOrCreateSecretFile(file)));
  const onDisk = (await readFile(file, "utf8")).trim();
  expect(onDisk.length).toBeGreaterThanOrEqual(32);
  expect(new Set(results.map((r) => r.secret))).toEqual(new Set([onDisk]));
  expect(results.filter((r) => r.created)).toHaveLength(1);
  // No temporary files left beside it.
  expect(await readdir(path.dirname(file))).toEqual(["auth-secret"]);
});

test("an existing secret is read, not replaced", async () => {
  const file = path.join(dir, "auth-secret");
  const first = await readOrCreateSecretFile(file);
  const again = await readOrCreateSecretFile(file);
  expect(again).toEqual({ secret: first.secret, created: false });
});
