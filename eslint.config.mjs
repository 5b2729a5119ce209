// `npm run lint`: Next.js's own rules (eslint-config-next: React, the React
// hooks rules including the React Compiler's, jsx-a11y, import, Next's
// core-web-vitals) plus typescript-eslint's recommended set. Formatting is
// Prettier's job (.prettierrc.json): eslint-config-prettier comes last and
// turns off every rule that would argue with it.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import { i18nPlugin } from "./scripts/eslint/i18n-plugin.mjs";

// The import directions (docs/architecture.md, "Layers"). In a flat config the
// last block that sets a rule for a file wins, so each narrower block repeats
// the wider block's patterns before adding its own.
const componentsNeverImportApp = {
  regex: "^@/app/|^(\\.\\./)+app/",
  message: "Components never import from app/: put the action in lib/actions/<feature>.ts.",
};
const libNeverImportsUp = {
  regex: "^@/(app|components)/|^(\\.\\./)+(app|components)/",
  message: "lib/ never imports from app/ or components/: the direction is app → components → lib.",
};
const restrictImports = (...patterns) => ["error", { patterns }];

// Every date or time a person reads is on a named clock (docs/i18n.md, "Time
// zones"): the business's, or UTC said aloud, never the server's. A formatter
// that falls back to the process's zone is refused; formatInstantIn
// (lib/i18n/dates.ts) with displayZone (lib/time/display-zone.ts) is the way.
const zonelessDates = [
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message:
      "toLocale*String formats on the server's clock: use formatInstantIn(date, displayZone(...), locale) (lib/i18n/dates.ts) or Intl.NumberFormat for numbers.",
  },
  {
    selector:
      "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']:not(:has(Property[key.name='timeZone']))",
    message: "An Intl.DateTimeFormat without `timeZone` formats on the server's clock: name the zone (displayZone).",
  },
  {
    selector: "CallExpression[callee.name='dateTimeFormat']:not(:has(Property[key.name='timeZone']))",
    message: "A dateTimeFormat without `timeZone` formats on the server's clock: name the zone (displayZone).",
  },
  {
    selector: "ImportDeclaration[source.value=/^date-fns(\\/|$)/]",
    message:
      "date-fns formats on the server's clock: use formatInstantIn / formatDay (lib/i18n/dates.ts), which read the zone first.",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{js,jsx,mjs,ts,tsx,mts,cts}"],
    rules: {
      // eslint-config-next enables the hooks plugin's `recommended` set; its
      // `recommended-latest` adds this one (a useMemo that returns nothing).
      "react-hooks/void-use-memo": "error",
      // Rest destructuring is how this code leaves a field out of an object
      // (a password hash, the owner's id): the named field is meant unused.
      "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }],
    },
  },
  {
    // Every text a person reads comes from the catalogs: no literal JSX text,
    // aria-label, title, placeholder, alt, label or metadata title/description
    // (scripts/eslint/i18n-plugin.mjs says what is allowed).
    files: ["app/**/*.{js,jsx,ts,tsx}", "components/**/*.{js,jsx,ts,tsx}"],
    plugins: { loyaltap: i18nPlugin },
    rules: { "loyaltap/no-literal-ui-string": "error" },
  },
  {
    // The import direction is app → components → lib (docs/architecture.md): a
    // component or a lib module never reaches back into a route folder, so a
    // route can move without breaking them. Server actions live in lib/actions.
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(componentsNeverImportApp),
      "import/no-cycle": "error",
    },
  },
  {
    files: ["components/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(componentsNeverImportApp, {
        regex: "^@/components/(?!ui/|i18n/)|^\\.\\./(?!ui/|i18n/|\\.\\./)",
        message: "ui/ holds primitives: it imports only ui/ and i18n/ (layouts live in components/layout).",
      }),
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restrictImports(libNeverImportsUp) },
  },
  {
    // lib/db reads and writes (docs/architecture.md, "Layers"): it returns
    // rows or a coded result, and a domain module decides what follows, queues
    // jobs (through lib/db/sql.ts's InTransaction step), sends mail and picks
    // the message. So lib/db imports no jobs, mail, auth or actions, and no
    // other domain module except the pure helpers listed here, which a query
    // reads (a time zone, a display name, a schema's types). A helper it needs
    // that is not listed moves down into lib/db or into one of these.
    files: ["lib/db/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            libNeverImportsUp,
            {
              regex: "^@/lib/(jobs|mail|auth|actions)(/|$)|^(\\.\\./)+(jobs|mail|auth|actions)(/|$)",
              message:
                "lib/db never queues jobs, sends mail, hashes, makes tokens or shapes an action's answer: a domain module (lib/<domain>/) does, around the lib/db statement.",
            },
            {
              regex:
                "^@/lib/(?!(db|generated|validation|jobs|mail|auth|actions)(/|$)|(cache|env|site)$|business/(owner-summary|public-business|season-pause|slug|theme|timezone)$|campaigns/segment$|customers/cursor$|i18n/locales$|insights/(days|heatmap|range)$|loyalty$|loyalty/(adjust|card-number|cooldown|lines|reward-code|visit-plan)$|locations/format-hours$|nfc/(keys|verify-tap)$|review/rules$|rewards/(expiry-reminder|status)$|staff/invites$|time/local-date$|users/display-name$|wallet/apple/web-service$)",
              message:
                "lib/db imports no domain module: the domain calls lib/db, never the reverse. Move a pure helper down into lib/db (or list it in eslint.config.mjs if it is one).",
            },
          ],
        },
      ],
    },
  },
  {
    // How configuration is read knows no feature: each feature's variables and
    // rules live in its own lib/<feature>/env.ts, composed by lib/env-check.ts
    // (docs/operations.md, "Environment variables").
    files: ["lib/env.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            libNeverImportsUp,
            {
              regex: "^@/lib/(?!validation/errors$)|^\\./(?!validation/errors$)",
              message: "lib/env.ts imports no feature code: put the setting in the feature's lib/<feature>/env.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{js,jsx,ts,tsx}", "components/**/*.{js,jsx,ts,tsx}", "lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...zonelessDates] },
  },
  {
    // The one place date-fns writes a day: after the zone's wall clock has been read.
    files: ["lib/i18n/dates.ts"],
    rules: { "no-restricted-syntax": ["error", ...zonelessDates.filter((r) => !r.selector.startsWith("Import"))] },
  },
  {
    // The cache of formatters: its callers name the zone (the rule above checks them).
    files: ["lib/time/intl-format.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...zonelessDates.filter((r) => !r.selector.startsWith("NewExpression"))],
    },
  },
  prettier,
  // Generated code and everything a build, a test run or `npm start` writes
  // into the tree (.gitignore lists the same).
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/generated/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "coverage/**",
    ".cache/**",
  ]),
]);
