import nextJest from "next/jest.js";

// The reliability suite (tests/reliability): production instances of the app
// on a real PostgreSQL, driven over HTTP. Needs the production build, so
// `npm test` runs it after `next build`; one file at a time, as each starts
// its own instances on the machine's two cores.
process.env.TZ ||= "America/New_York";

const config = await nextJest({ dir: "./" })({
  displayName: "reliability",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/reliability/**/*.test.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/tests/support/empty.cjs" },
  testTimeout: 180_000,
})();
config.transformIgnorePatterns = [
  "/node_modules/(?!(@prisma/client/runtime|jose|next-auth|@auth|oauth4webapi|@panva|preact|preact-render-to-string)/)",
];

export default config;
