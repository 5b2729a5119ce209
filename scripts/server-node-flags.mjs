// The Node.js flags the production server runs with (scripts/start.mjs
// starts server/index.mjs with them; `npm run worker` passes the second too).

/**
 * - `--max-semi-space-size=64`: a server-rendered page allocates megabytes per
 *   request. In V8's default young generation (16 MB semi-spaces) much of that
 *   survives a scavenge or two and is promoted, and the old-generation
 *   collections that follow stall every request in flight (the p99). 64 MB
 *   semi-spaces measured a quarter more requests per second on the signed-in
 *   pages and a lower p99 (docs/performance.md). A size in NODE_OPTIONS wins.
 * - `--no-experimental-global-navigator`: Node 21 and newer define a global
 *   `navigator`. node-forge, which signs Apple Wallet passes (through
 *   passkit-generator), reads `navigator.appName` when it loads to pick its
 *   big-number multiply; finding a navigator that is not Netscape's, it picks
 *   its slowest one, and a pass took about seven times as long to sign as on
 *   Node 20. Without the global it picks the fast one, as on Node 20
 *   (docs/operations.md, "Node.js").
 */
export function serverNodeFlags(env) {
  const nodeOptions = env.NODE_OPTIONS ?? "";
  return [
    ...(/--max-semi-space-size/.test(nodeOptions) ? [] : ["--max-semi-space-size=64"]),
    ...(/global-navigator/.test(nodeOptions) ? [] : ["--no-experimental-global-navigator"]),
  ];
}
