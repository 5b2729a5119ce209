import nextJest from "next/jest.js";

// The cluster suite (tests/cluster): the multi-instance deployment of
// scripts/cluster/stack.mjs — PostgreSQL, Redis, two production instances and
// nginx on loopback — driven over HTTP. Needs the production build, so
// `npm test` runs it after the reliability suite, on the same build.
process.env.TZ ||= "America/New_York";

const config = await nextJest({ dir: "./" })({
  displayName: "cluster",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/cluster/**/*.test.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/tests/support/empty.cjs" },
  testTimeout: 180_000,
})();
config.transformIgnorePatterns = [
  "/node_modules/(?!(@prisma/client/runtime|jose|next-auth|@auth|oauth4webapi|@panva|preact|preact-render-to-string)/)",
];

export default config;
