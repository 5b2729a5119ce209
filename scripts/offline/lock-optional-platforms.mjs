#!/usr/bin/env node
// The npm registry mirror these machines use serves only the Linux builds of
// platform-specific optional packages (@next/swc-*, @tailwindcss/oxide-*, …).
// npm then leaves the other platforms out of package-lock.json, and `npm ci`
// refuses the lock as "out of sync". This records those optional packages in
// the lock the way a full registry would (optional, with os/cpu), so `npm ci`
// accepts the lock and skips them on Linux. Run after changing dependencies:
//   npm install && node scripts/offline/lock-optional-platforms.mjs
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const id = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "wasm32"].find(
    (o) => id.includes(`-${o}-`) || id.endsWith(`-${o}`),
  );
  const cpu = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasi"].find((c) =>
    id.includes(`-${c}`),
  );
  if (os === "wasm32") return { cpu: ["wasm32"] };
  const out = {};
  if (os) out.os = [os];
  if (cpu) out.cpu = [cpu === "arm" ? "arm" : cpu];
  if (id.endsWith("-musl") || id.includes("-musleabihf")) out.libc = ["musl"];
  else if (id.includes("-gnu")) out.libc = ["glibc"];
  return out;
}

let added = 0;
for (const [key, node] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(node.optionalDependencies ?? {})) {
    const parentDir = key === "" ? "" : key + "/";
    const nested = `${parentDir}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform build: leave npm's choice alone
    packages[hoisted] = { version: spec.replace(/^[\^~=]/, ""), ...platform, optional: true };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n");
console.log(`Recorded ${added} optional platform packages in package-lock.json`);
if (process.argv.includes("--check"))
  execFileSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { stdio: "inherit" });
