// A secret generated once and kept in a file (AUTH_SECRET for local runs
// without one, scripts/start.mjs). Several starters on one machine may ask at
// the same moment; they must all get the same secret.
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The secret in `file`, or a new one written there. The new secret is written
 * whole to a file of its own first and then linked into place: link() fails
 * when `file` exists, so of concurrent callers exactly one secret wins and the
 * others read that one — never a half-written file, never two secrets.
 * Resolves with `created: true` for the caller whose secret won.
 */
export async function readOrCreateSecretFile(file) {
  const existing = await readFile(file, "utf8").catch((error) => {
    if (error?.code === "ENOENT") return null;
    throw error;
  });
  if (existing !== null) return { secret: existing.trim(), created: false };
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  await writeFile(temporary, secret + "\n", { mode: 0o600 });
  try {
    await link(temporary, file);
    return { secret, created: true };
  } catch (error) {
    if (error?.code !== "EEXIST") throw error;
    return { secret: (await readFile(file, "utf8")).trim(), created: false };
  } finally {
    await unlink(temporary).catch(() => {});
  }
}
