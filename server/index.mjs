#!/usr/bin/env node
// The production HTTP server: Node's http server around Next.js's request
// handler. Per request it
// - gives the request an id (a sane incoming X-Request-Id, else a random one),
//   as the x-request-id request header and the X-Request-Id response header;
// - sets x-loyaltap-client-ip from the socket and TRUST_PROXY_HOPS, always
//   overwriting what the client sent;
// - runs guardRequest (request-guards.mjs) and answers with its result;
// - sets the security headers, with a fresh CSP nonce that html-nonce.mjs
//   puts on the page's scripts;
// - compresses (Next's own compression is off: it would compress before the
//   nonce is added);
// - says Vary: Cookie, Accept-Language on the two public pages whose URL answers
//   in the reader's language (reader-vary.mjs);
// - writes one JSON access-log line (no query string: queries can hold tokens),
//   with the number of SQL statements the request ran (request-stats.mjs).
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (at most
// SHUTDOWN_TIMEOUT_MS), close the database pool, exit 0.
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { captureConsole, logger } from "./logger.mjs";
import { injectNonceIntoHtml } from "./html-nonce.mjs";
import { productionProblems } from "./production-checks.mjs";
import {
  clientAddress,
  CLIENT_IP_HEADER,
  REQUEST_ID_HEADER,
  requestIdFor,
  trustedProxyHops,
} from "./request-context.mjs";
import { addReaderVary, variesByReader } from "./reader-vary.mjs";
import { newNonce, securityHeaders } from "./security-headers.mjs";
import { guardRequest } from "./request-guards.mjs";
import { newRequestStats, requestStats } from "./request-stats.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sendGuardAnswer(response, answer) {
  response.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  if (answer.body == null || typeof answer.body === "string" || Buffer.isBuffer(answer.body)) {
    response.end(answer.body ?? undefined);
    return;
  }
  if (!response.hasHeader("content-type")) response.setHeader("Content-Type", "application/json; charset=utf-8");
  response.end(JSON.stringify(answer.body));
}

/** Revalidation could answer 304 and revive a page with an old nonce: only immutable assets keep it. */
function dropConditionalHeaders(request, pathname) {
  if (pathname.startsWith("/_next/static/")) return;
  delete request.headers["if-none-match"];
  delete request.headers["if-modified-since"];
}

export async function startServer({
  port = Number(process.env.PORT || 3000),
  host = process.env.HOST || "0.0.0.0",
  dir = root,
} = {}) {
  captureConsole();
  const problems = productionProblems();
  if (problems.length) {
    for (const problem of problems) logger.fatal(`Refusing to start: ${problem}`);
    logger.flush?.();
    process.exit(1);
  }

  const applySecurityHeaders = securityHeaders();
  const hops = trustedProxyHops();
  const compress = require("next/dist/compiled/compression")();
  const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;

  let handle = null;
  let inFlight = 0;
  let shuttingDown = false;
  let onDrained = null;

  function onRequest(request, response) {
    const stats = newRequestStats();
    return requestStats.run(stats, () => answerRequest(request, response, stats));
  }

  async function answerRequest(request, response, stats) {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(request.headers[REQUEST_ID_HEADER]);
    const pathname = (request.url ?? "/").split("?")[0];
    request.headers[REQUEST_ID_HEADER] = requestId;
    request.headers[CLIENT_IP_HEADER] = clientAddress(
      request.socket.remoteAddress,
      request.headers["x-forwarded-for"],
      hops,
    );
    response.setHeader("X-Request-Id", requestId);
    const nonce = newNonce();
    applySecurityHeaders(response, nonce);
    if (shuttingDown) response.setHeader("Connection", "close");

    inFlight++;
    response.once("close", () => {
      inFlight--;
      logger.info(
        {
          type: "access",
          requestId,
          method: request.method,
          path: pathname,
          status: response.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          dbQueries: stats.dbQueries,
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
      if (stats.statements) logger.info({ type: "statements", requestId, statements: stats.statements }, "statements");
      if (shuttingDown && inFlight === 0) onDrained?.();
    });

    try {
      const answer = await guardRequest(request);
      if (answer) {
        sendGuardAnswer(response, answer);
        return;
      }
      if (!handle) {
        response.statusCode = 503;
        response.setHeader("Retry-After", "1");
        response.end("Starting");
        return;
      }
      dropConditionalHeaders(request, pathname);
      compress(request, response, () => {});
      injectNonceIntoHtml(response, nonce);
      if (variesByReader(request.url)) addReaderVary(response);
      await handle(request, response);
    } catch (error) {
      logger.error(
        { requestId, err: { type: error?.name, message: error?.message, stack: error?.stack } },
        "request failed",
      );
      if (!response.headersSent) {
        response.statusCode = 500;
        response.setHeader("Content-Type", "text/plain; charset=utf-8");
        response.end("Internal Server Error");
      } else response.destroy();
    }
  }

  const server = http.createServer(onRequest);
  // Keep-alive connections from a load balancer outlive its own idle timeout.
  server.keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT_MS) || 65_000;

  const { default: next } = await import("next");
  // `hostname` only names the origin Next.js builds internal URLs on (we listen on
  // `host` ourselves). Next.js's router and the server that runs the proxy must agree
  // on it, or a proxy rewrite (/dashboard → /es/dashboard) is taken for another
  // origin and fails: the inner server always uses "localhost", so we pass it too.
  const app = next({ dev: false, dir, hostname: "localhost", port, httpServer: server });
  await app.prepare();
  handle = app.getRequestHandler();

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  logger.info({ port, host, trustProxyHops: hops }, `Listening on http://${host}:${port}`);

  async function closeDatabase() {
    // lib/db keeps the process's one Prisma client and pool on globalThis.
    const shared = globalThis;
    try {
      // The job queue (lib/jobs/boss.ts) first: a job in progress finishes or is handed back.
      const boss = await shared.loyaltapBoss?.catch(() => null);
      if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    } catch (error) {
      logger.warn({ err: { message: error?.message } }, "stopping the job queue failed");
    }
    try {
      if (shared.loyaltapPrisma) await shared.loyaltapPrisma.$disconnect();
      else if (shared.loyaltapPool) await shared.loyaltapPool.end();
    } catch (error) {
      logger.warn({ err: { message: error?.message } }, "closing the database pool failed");
    }
  }

  async function shutdown(signal) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal, inFlight }, "Shutting down: no new connections, finishing requests in flight");
    server.close();
    server.closeIdleConnections();
    const drained =
      inFlight === 0 ? Promise.resolve(true) : new Promise((resolve) => (onDrained = () => resolve(true)));
    const timedOut = new Promise((resolve) => setTimeout(() => resolve(false), shutdownTimeoutMs).unref());
    const finished = await Promise.race([drained, timedOut]);
    if (!finished) logger.warn({ inFlight, shutdownTimeoutMs }, "Shutdown timeout: closing the remaining connections");
    server.closeAllConnections();
    await closeDatabase();
    logger.info("Stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  return server;
}

// Logged with their name, so an operator (and the reliability suite) can find them.
process.on("uncaughtException", (error) => {
  logger.error({ err: { type: error?.name, message: error?.message, stack: error?.stack } }, "uncaughtException");
});
process.on("unhandledRejection", (reason) => {
  logger.error(
    { err: { message: reason instanceof Error ? reason.message : String(reason), stack: reason?.stack } },
    "unhandledRejection",
  );
});

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startServer().catch((error) => {
    logger.fatal({ err: { message: error?.message, stack: error?.stack } }, "The server did not start");
    process.exit(1);
  });
}
