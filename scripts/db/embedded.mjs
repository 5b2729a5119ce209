// The embedded default database: PGlite (PostgreSQL compiled to WASM) served on
// a loopback port, so the app talks to it over the same pg driver adapter it
// uses for a real PostgreSQL. PGlite is one connection underneath; the socket
// server queues clients, so the app is given a pool of one (lib/db).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { mkdir } from "node:fs/promises";
import { ProtocolQueue } from "./embedded-queue.mjs";

/**
 * Starts PGlite on 127.0.0.1. `dataDir` undefined keeps it in memory (tests,
 * scratch databases); port 0 picks a free port.
 */
export async function startEmbedded({ dataDir, port = 0 } = {}) {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the customer list's search index (a migration creates the extension).
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 64 });
  // Its own queue lets two connections' extended-protocol messages interleave
  // (embedded-queue.mjs); every connection made from here on uses this one.
  server.queryQueue = new ProtocolQueue(db);
  await server.start();
  const actualPort = Number(server.getServerConn().split(":").pop());
  const url = `postgresql://postgres:postgres@127.0.0.1:${actualPort}/postgres?sslmode=disable`;
  let stopped = false;
  return {
    url,
    port: actualPort,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      // Closing flushes PGlite's data directory, so a restart finds the data.
      await db.close();
    },
  };
}
