import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/i18n/locales";
import { loadMessages, pickNamespaces } from "@/lib/i18n/messages";

const dir = (locale: string) => path.join(process.cwd(), "messages", locale);

describe("loadMessages: a locale's catalog is every messages/<locale>/*.json, one namespace per file", () => {
  it.each(LOCALES)("%s: each file is the namespace of its name, as written", async (locale) => {
    const files = readdirSync(dir(locale)).filter((file) => file.endsWith(".json"));
    expect(files).toContain("common.json");
    const messages = await loadMessages(locale);
    expect(Object.keys(messages).sort()).toEqual(files.map((file) => file.replace(/\.json$/, "")).sort());
    for (const file of files) {
      expect(messages[file.replace(/\.json$/, "")]).toEqual(
        JSON.parse(readFileSync(path.join(dir(locale), file), "utf8")),
      );
    }
  });

  it("keeps the English the product has always shown", async () => {
    const { common } = await loadMessages("en");
    expect(common).toMatchObject({ nav: { settings: "Settings", logOut: "Log out", logIn: "Log in" } });
  });
});

describe("pickNamespaces: what a client component is sent", () => {
  it("keeps only the namespaces asked for, and skips ones that do not exist", () => {
    const messages = { common: { a: "A" }, tap: { b: "B" }, programs: { c: "C" } };
    expect(pickNamespaces(messages, ["tap", "missing"])).toEqual({ tap: { b: "B" } });
  });
});

describe("pickNamespaces with a dotted name: part of a namespace", () => {
  it("sends only that part, beside other parts of the same namespace", () => {
    const messages = {
      tap: { result: { ok: "OK" }, recorder: { tryAgain: "Try again" }, redirect: { claim: "Free" } },
    };
    expect(pickNamespaces(messages, ["tap.result", "tap.recorder", "tap.missing"])).toEqual({
      tap: { result: { ok: "OK" }, recorder: { tryAgain: "Try again" } },
    });
  });
});
