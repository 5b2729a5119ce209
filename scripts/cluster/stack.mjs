// A multi-instance deployment on loopback, as docs/operations.md ("Several
// instances") describes it: a fresh PostgreSQL database, a redis-server of its
// own, N production instances (`npm start`, all started at the same moment,
// all with the same AUTH_SECRET, TAG_KEY_ENCRYPTION_KEY, DATABASE_URL and
// REDIS_URL) and nginx in front with deploy/nginx/loyaltap.conf. Used by
// `npm run test:cluster` (tests/cluster), `npm run bench:tap` and
// `node scripts/cluster/up.mjs`. Needs the production build, PostgreSQL,
// `redis-server` and `nginx` on the PATH.
//
// No import.meta here: jest loads this file through its CommonJS transform.
// Paths are relative to `root`, the project's folder (default: the current
// directory, which npm scripts and jest set to it).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { accepts, freePort } from "../lib/loopback.mjs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export { freePort };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function exited(child, signal, graceMs = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = once(child, "exit");
  child.kill(signal);
  const timer = setTimeout(() => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }, graceMs);
  await done;
  clearTimeout(timer);
}

/** A fresh, empty database on the server of `adminUrl`; `drop()` removes it. */
export async function createDatabase(adminUrl, prefix = "loyaltap_cluster") {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new URL(adminUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A redis-server of the stack's own on a free loopback port, without
 * persistence, so a test may stop it (never the machine's shared Redis).
 */
export async function startRedis() {
  const port = await freePort();
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  const redis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** Starts it (again) on its port; resolves when it accepts connections. */
    async start() {
      const started = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      child = started;
      const deadline = Date.now() + 10_000;
      while (!(await accepts(port))) {
        if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
        if (Date.now() > deadline) throw new Error("redis-server did not start within 10 s");
        await sleep(50);
      }
    },
    /** Stops it at once (SIGKILL: an outage, not a shutdown). */
    async stop() {
      const running = child;
      child = null;
      if (running) await exited(running, "SIGKILL");
    },
  };
  await redis.start();
  return redis;
}

/**
 * @typedef {{ index: number, port: number, url: string, child: import("node:child_process").ChildProcess, output: string[] }} StackInstance
 */

/** Polls GET /api/health until 200; throws with the instance's output if it exits or takes too long. */
export async function waitHealthy(instance, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(
        `instance ${instance.index} exited with ${instance.child.exitCode}:\n${instance.output.join("").slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(
    `instance ${instance.index} was not healthy within ${timeoutMs} ms:\n${instance.output.join("").slice(-4000)}`,
  );
}

/**
 * nginx.conf for the stack: deploy/nginx/loyaltap.conf with the instances'
 * ports in its upstream and its own listen address, inside a main
 * configuration whose pid, logs and temporary files live under `prefix`.
 */
export async function nginxConfig(root, prefix, listenPort, instancePorts) {
  const site = await readFile(path.join(root, "deploy/nginx/loyaltap.conf"), "utf8");
  const upstreamLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;
  const first = upstreamLine.exec(site);
  if (!first) throw new Error("deploy/nginx/loyaltap.conf: no upstream server line");
  const indent = first[1];
  const options = first[2] ?? "";
  const servers = instancePorts.map((port) => `${indent}server 127.0.0.1:${port}${options};\n`).join("");
  let replaced = false;
  const withServers = site.replace(upstreamLine, () => (replaced ? "" : ((replaced = true), servers)));
  const withListen = withServers.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
  if (withListen === withServers) throw new Error("deploy/nginx/loyaltap.conf: no `listen 80;` line");
  return `# Generated by scripts/cluster/stack.mjs from deploy/nginx/loyaltap.conf
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
${withListen}
}
`;
}

async function startNginx(root, listenPort, instancePorts) {
  const prefix = await mkdtemp(path.join(tmpdir(), "loyaltap-nginx-"));
  // Worker processes run as an unprivileged user when nginx is started as root.
  await chmod(prefix, 0o755);
  for (const dir of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    await mkdir(path.join(prefix, dir));
    await chmod(path.join(prefix, dir), 0o777);
  }
  const conf = path.join(prefix, "nginx.conf");
  await writeFile(conf, await nginxConfig(root, prefix, listenPort, instancePorts));
  const output = [];
  // Debian puts nginx in /usr/sbin, which a non-root PATH often lacks.
  const nginxBin = process.env.NGINX_BIN || (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");
  const child = spawn(nginxBin, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk) => output.push(chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(listenPort))) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(prefix, "error.log"))
        ? await readFile(path.join(prefix, "error.log"), "utf8")
        : "";
      throw new Error(`nginx exited with ${child.exitCode}: ${output.join("")}${log}`);
    }
    if (Date.now() > deadline) throw new Error("nginx did not listen within 10 s");
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    prefix,
    async stop() {
      await exited(child, "SIGQUIT", 10_000);
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the stack. Options:
 * - `instances` (2): how many app instances;
 * - `env`: extra environment for every instance;
 * - `adminUrl`: the PostgreSQL server the stack's database is created on
 *   (default CLUSTER_DATABASE_URL, TEST_DATABASE_URL or the local server);
 * - `databasePrefix` (loyaltap_cluster): the start of that database's name;
 * - `redis` (true): a redis-server of its own, REDIS_URL on every instance;
 * - `nginx` (true): nginx in front, on a port of its own;
 * - `root`: the project's folder (default the current directory).
 * The instances start at the same moment on the empty database: their first
 * run (migrations) happens concurrently, under the advisory lock.
 */
export async function startStack(options = {}) {
  const root = path.resolve(options.root ?? process.cwd());
  if (!existsSync(path.join(root, "scripts/start.mjs"))) throw new Error(`${root} is not the project's folder`);
  if (!existsSync(path.join(root, ".next/BUILD_ID")))
    throw new Error("no production build (.next/BUILD_ID): run next build first");
  const count = options.instances ?? 2;
  const adminUrl =
    options.adminUrl ??
    process.env.CLUSTER_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgresql://postgres@127.0.0.1:5432/postgres";
  const cleanups = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    cleanups.length = 0;
  };

  try {
    const database = await createDatabase(adminUrl, options.databasePrefix);
    cleanups.push(() => database.drop());
    const redis = options.redis === false ? null : await startRedis();
    if (redis) cleanups.push(() => redis.stop());
    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const nginxPort = await freePort();
    const publicUrl = options.nginx === false ? `http://127.0.0.1:${ports[0]}` : `http://127.0.0.1:${nginxPort}`;

    // The variables that must be equal on every instance.
    const shared = {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      TAG_KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ...(redis ? { REDIS_URL: redis.url } : {}),
      AUTH_URL: publicUrl,
      SITE_URL: publicUrl,
      TRUST_PROXY_HOPS: options.nginx === false ? "0" : "1",
    };

    /** @type {StackInstance[]} */
    const instances = [];
    const spawnInstance = (index) => {
      const port = ports[index];
      const child = spawn(process.execPath, ["scripts/start.mjs"], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          ...shared,
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group, so stopping it reaches the server it spawned.
        detached: true,
      });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk.toString()));
      child.stderr.on("data", (chunk) => output.push(chunk.toString()));
      return { index, port, url: `http://127.0.0.1:${port}`, child, output };
    };
    // All at the same moment, as a rolling deploy or an autoscaler would.
    for (let i = 0; i < count; i++) instances.push(spawnInstance(i));
    cleanups.push(() => Promise.all(instances.map((instance) => exited(instance.child, "SIGTERM"))));
    await Promise.all(instances.map((instance) => waitHealthy(instance)));

    const nginx = options.nginx === false ? null : await startNginx(root, nginxPort, ports);
    if (nginx) cleanups.push(() => nginx.stop());

    return {
      databaseUrl: database.url,
      /** nginx's address (the first instance's when there is no nginx). */
      url: nginx?.url ?? instances[0].url,
      instances,
      redis,
      shared,
      /** Stops everything and drops the database. */
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
