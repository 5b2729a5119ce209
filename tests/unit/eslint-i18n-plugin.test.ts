import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { i18nPlugin, isUserVisibleText } from "@/scripts/eslint/i18n-plugin.mjs";

// The literal-string check (eslint.config.mjs, loyaltap/no-literal-ui-string):
// what counts as a user-visible literal, and what is allowed.

const rule = i18nPlugin.rules["no-literal-ui-string"];

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
    ecmaVersion: "latest",
    sourceType: "module",
  },
});

const error = (messageId: string) => ({ messageId });

describe("isUserVisibleText", () => {
  it.each([
    ["Save", true],
    ["3 stamps", true],
    ["Càrrega", true],
    ["Loyaltap", false],
    ["© 2026 Loyaltap", false],
    ["Loyaltap app", true],
    ["·", false],
    ["→ 42 %", false],
    ["🎉✨", false],
    ["  \n ", false],
  ])("%j → %s", (text, visible) => {
    expect(isUserVisibleText(text)).toBe(visible);
  });
});

tester.run("no-literal-ui-string", rule, {
  valid: [
    { code: `const A = () => <p>{t("title")}</p>;` },
    { code: `const A = () => <p>Loyaltap</p>;` },
    { code: `const A = () => <span aria-hidden="true">·</span>;` },
    { code: `const A = () => <p>{count} / {total} — 🎉</p>;` },
    { code: `const A = () => <p>{" "}{"·"}</p>;` },
    { code: `const A = () => <img alt="" src="/a.png" />;` },
    { code: `const A = () => <img alt={t("logo")} src="/a.png" />;` },
    { code: `const A = () => <input placeholder={t("email")} className="w-full text-sm" />;` },
    { code: `const A = () => <a href="/dashboard" className="flex items-center" data-testid="nav-link" />;` },
    { code: `const A = () => <Field name="email" type="email" label={t("email")} />;` },
    {
      code: `const A = () => (
        <p>
          {/* i18n-ignore: a chip's model name, the same in every language */}
          NTAG 424 DNA
        </p>
      );`,
    },
    { code: `const A = () => <code>{"GET /api/tap"}</code>; // i18n-ignore: an API path` },
    {
      code: `// i18n-ignore: the language's own name
      const A = () => <option title="Català">ca</option>;`,
    },
    { code: `export const metadata = { title: "Loyaltap", description: t };` },
    { code: `export const metadata = { title: { default: "Loyaltap", template: "%s | Loyaltap" } };` },
    { code: `export async function generateMetadata() { return { title: t("title") }; }` },
    // Only metadata: other objects' titles are data, checked where they are rendered.
    { code: `const program = { title: "Stamps", description: "x" };` },
    { code: `function load() { return { title: "Stamps" }; }` },
    { code: `const A = () => <p>{user.name ?? user.email}</p>;` },
  ],
  invalid: [
    { code: `const A = () => <p>Save</p>;`, errors: [error("jsxText")] },
    { code: `const A = () => <p>Powered by Loyaltap</p>;`, errors: [error("jsxText")] },
    { code: `const A = () => <p>{count} stamps</p>;`, errors: [error("jsxText")] },
    { code: `const A = () => <p>{"Save"}</p>;`, errors: [error("jsxText")] },
    { code: "const A = () => <p>{`Hello ${name}`}</p>;", errors: [error("jsxText")] },
    { code: `const A = () => <p>{open ? "Close" : "Open"}</p>;`, errors: [error("jsxText"), error("jsxText")] },
    { code: `const A = () => <p>{error && "Something went wrong"}</p>;`, errors: [error("jsxText")] },
    { code: `const A = () => <button aria-label="Close menu" />;`, errors: [error("attribute")] },
    {
      code: `const A = () => <abbr title="Coordinated Universal Time">UTC</abbr>;`,
      errors: [error("attribute"), error("jsxText")],
    },
    { code: `const A = () => <input placeholder="you@example.com" />;`, errors: [error("attribute")] },
    { code: `const A = () => <img alt="Logo" src="/a.png" />;`, errors: [error("attribute")] },
    { code: `const A = () => <Field label={"Email"} />;`, errors: [error("attribute")] },
    { code: `const A = () => <Field label={busy ? "Saving…" : t("save")} />;`, errors: [error("attribute")] },
    {
      code: `export const metadata = { title: "About", description: "What Loyaltap does" };`,
      errors: [error("metadata"), error("metadata")],
    },
    {
      code: `export const metadata = { title: { default: "Loyaltap — loyalty cards", template: "%s | Loyaltap" } };`,
      errors: [error("metadata")],
    },
    { code: `export const metadata = { openGraph: { title: "About us" } };`, errors: [error("metadata")] },
    {
      code: `export async function generateMetadata({ params }) { const b = await load(params); return { title: b ? b.name : "Business not found" }; }`,
      errors: [error("metadata")],
    },
    { code: `export const generateMetadata = async () => ({ title: "Settings" });`, errors: [error("metadata")] },
    // The comment must say why, and it covers its own line and the next only.
    { code: `const A = () => <p>Save</p>; // i18n-ignore`, errors: [error("jsxText"), error("ignoreWithoutReason")] },
    {
      code: `// i18n-ignore: brand slogan
      const x = 1;
      const A = () => <p>Save</p>;`,
      errors: [error("jsxText")],
    },
  ],
});
