import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Tests run with the process in a zone that is neither UTC nor the demo
// business's, so code that leans on the server's local time fails here first.
// Set before workers start, which inherit it.
process.env.TZ ||= "America/New_York";

const shared = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/tests/support/empty.cjs" },
};

// Two projects: unit tests are pure and fast; integration tests share one real
// database (TEST_DATABASE_URL, or PGlite started by the global setup).
const unit = await createJestConfig({
  ...shared,
  displayName: "unit",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
  setupFiles: ["<rootDir>/tests/support/no-navigator.ts"],
})();
const integration = await createJestConfig({
  ...shared,
  displayName: "integration",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts?(x)"],
  setupFiles: ["<rootDir>/tests/support/no-navigator.ts", "<rootDir>/tests/support/env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/support/stop-jobs.ts"],
})();

// Prisma 7's client loads its query compiler from an ESM .mjs file;
// Auth.js, jose and @formatjs (the ICU parser the catalog test uses) ship ESM only,
// and so do next-intl, use-intl and the formatter they load (the public card's page imports next-intl/server),
// and pg-boss with the two of its dependencies it loads (serialize-error, non-error; rrule-temporal for RRULE schedules),
// and the OpenAPI validator's reference parser.
for (const project of [unit, integration]) {
  project.transformIgnorePatterns = [
    "/node_modules/(?!(@prisma/client/runtime|jose|next-auth|@auth|oauth4webapi|@panva|preact|preact-render-to-string|@formatjs|next-intl|use-intl|intl-messageformat|icu-minify|pg-boss|serialize-error|non-error|rrule-temporal|@apidevtools/json-schema-ref-parser)/)",
  ];
}

const config = {
  projects: [unit, integration],
  globalSetup: "<rootDir>/tests/support/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/support/global-teardown.mjs",
};

export default config;
