import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DASHBOARD_CLIENT_NAMESPACES } from "@/components/dashboard-shell/client-namespaces";
import { clientMessagePaths, covers } from "../support/client-keys";

// Each dashboard page sends its client components' messages on top of the shell's
// (withPageMessages, docs/i18n.md "Catalogs"): a namespace a client component
// translates and its page does not send shows as a raw key. This reads each page's
// client components (tests/support/client-keys.ts) and checks the shell's list and
// the page's own cover every namespace they name and every message key they hold.
// Keys built at run time (the engine's lines, `programs.visit.${key}`) are not seen
// here: the page's list names them, with a comment.
const DASHBOARD = path.join(process.cwd(), "app/(site)/[locale]/dashboard");

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pages(path.join(dir, entry.name))
      : entry.name === "page.tsx"
        ? [path.join(dir, entry.name)]
        : [],
  );
}

function uncovered(entry: string, sent: readonly string[]): string[] {
  const missing: string[] = [];
  for (const [module, paths] of clientMessagePaths(entry))
    for (const used of paths) if (!covers(sent, used)) missing.push(`${module}: ${used}`);
  return missing;
}

describe("the messages each dashboard page sends", () => {
  test("the shell's list covers the layout's client components", () => {
    expect(uncovered(path.join(DASHBOARD, "layout.tsx"), DASHBOARD_CLIENT_NAMESPACES)).toEqual([]);
  });

  // The error screen renders inside the layout, under the shell's messages only.
  test("the shell's list covers the dashboard's error screen", () => {
    expect(uncovered(path.join(DASHBOARD, "error.tsx"), DASHBOARD_CLIENT_NAMESPACES)).toEqual([]);
  });

  const all = pages(DASHBOARD);
  test("finds the pages", () => expect(all.length).toBeGreaterThan(20));

  test.each(all.map((file) => [path.relative(DASHBOARD, file), file]))("%s", async (_name, file) => {
    const own = path.join(path.dirname(file), "client-namespaces.ts");
    const list: readonly string[] = existsSync(own)
      ? ((await import(own)) as { CLIENT_NAMESPACES: readonly string[] }).CLIENT_NAMESPACES
      : [];
    // A list beside the page is only sent if the page hands it to withPageMessages.
    if (existsSync(own)) expect(readFileSync(file, "utf8")).toContain("withPageMessages(CLIENT_NAMESPACES,");
    expect(uncovered(file, [...DASHBOARD_CLIENT_NAMESPACES, ...list])).toEqual([]);
  });
});
