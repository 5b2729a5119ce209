#!/usr/bin/env node
// Runs an embedded PGlite server in its own process (used by the jest global
// setup): prints its connection URL as one JSON line, stops on SIGTERM/SIGINT.
import { startEmbedded } from "./embedded.mjs";

const embedded = await startEmbedded({ dataDir: process.env.LOYALTAP_DATA_DIR || undefined });
process.stdout.write(JSON.stringify({ url: embedded.url }) + "\n");
const stop = async () => {
  await embedded.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
