import path from "node:path";
import { isBuiltAction } from "@/lib/actions/safe-action";
import { repoRoot, serverActionModules } from "@/tests/support/source-files";

// Every exported server action goes through the one builder (lib/actions/safe-action.ts),
// so none of them parses, authorises or shapes its result by hand. A module is a server
// actions module when its first statement is "use server"; each of its runtime exports
// must be a function `action(...)` made.

const actionModules = serverActionModules();

describe("server actions", () => {
  it("finds the app's server action modules", () => {
    expect(actionModules).toContain(path.join("lib", "actions", "login.ts"));
    expect(actionModules.length).toBeGreaterThanOrEqual(15);
  });

  it("live in lib/actions, where routes and components both import them downward (docs/architecture.md)", () => {
    expect(actionModules.filter((file) => path.dirname(file) !== path.join("lib", "actions"))).toEqual([]);
  });

  it("makes every exported server action with the action builder", async () => {
    const handWritten: string[] = [];
    let checked = 0;
    for (const file of actionModules) {
      const exports = (await import(path.join(repoRoot, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        checked++;
        if (!isBuiltAction(value)) handWritten.push(`${file}: ${name}`);
      }
    }
    expect(handWritten).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(31);
  });
});
