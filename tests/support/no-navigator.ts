// The app's server runs without Node's global `navigator`
// (--no-experimental-global-navigator, scripts/server-node-flags.mjs): with
// it, node-forge picks its slowest big-number multiply and signing an Apple
// Wallet pass takes about seven times as long. The tests' Node environment
// is made the same; a browser-like test environment keeps its own.
if (typeof window === "undefined") delete (globalThis as { navigator?: unknown }).navigator;
