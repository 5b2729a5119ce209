import { execFileSync } from "node:child_process";
import { serverNodeFlags } from "@/scripts/server-node-flags.mjs";

// node-forge (which signs Apple Wallet passes) picks its big-number multiply
// when it loads, from the global navigator: Node 21+'s global made it pick
// the slowest one (am1), and signing a pass took about seven times as long.
// The server's flags remove the global, so it picks the fast one (am3).

const multiplyPicked = (flags: string[]) =>
  execFileSync(
    process.execPath,
    [...flags, "-e", `process.stdout.write(require("node-forge").jsbn.BigInteger.prototype.am.name)`],
    { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
  );

test("the server runs with 64 MB semi-spaces and without the global navigator, unless NODE_OPTIONS says otherwise", () => {
  expect(serverNodeFlags({})).toEqual(["--max-semi-space-size=64", "--no-experimental-global-navigator"]);
  expect(serverNodeFlags({ NODE_OPTIONS: "--max-semi-space-size=32 --experimental-global-navigator" })).toEqual([]);
});

test("with the server's flags node-forge picks its fast multiply; with Node's global navigator, the slow one", () => {
  expect(multiplyPicked(serverNodeFlags({}))).toBe("am3");
  expect(multiplyPicked([])).toBe(Number(process.versions.node.split(".")[0]) >= 21 ? "am1" : "am3");
});

test("the tests' own environment is the server's: node-forge's fast multiply", () => {
  type Forge = { jsbn: { BigInteger: { prototype: { am: { name: string } } } } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const forge = require("node-forge") as Forge;
  expect(forge.jsbn.BigInteger.prototype.am.name).toBe("am3");
});
