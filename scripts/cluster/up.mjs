#!/usr/bin/env node
// `npm run cluster`: the multi-instance stack of scripts/cluster/stack.mjs on
// loopback (PostgreSQL database, Redis, CLUSTER_INSTANCES instances, default 2,
// nginx in front) until Ctrl-C, which stops it all and drops the database.
// SEED_DEMO=1 seeds the demo (open /tap?id=demo-cafe through nginx).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startStack } from "./stack.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const stack = await startStack({ root, instances: Number(process.env.CLUSTER_INSTANCES || 2) });
console.log(`nginx:     ${stack.url}`);
for (const instance of stack.instances) console.log(`instance ${instance.index}: ${instance.url}`);
console.log(`database:  ${stack.databaseUrl.replace(/:[^:@/]*@/, ":***@")}`);
if (stack.redis) console.log(`redis:     ${stack.redis.url}`);
console.log("Ctrl-C stops everything and drops the database.");
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
