import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { freePort } from "../../../scripts/lib/loopback.mjs";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";

// Production instances of the app, started as an operator would (`npm start`
// with DATABASE_URL set) on a fresh PostgreSQL database of their own, all on
// loopback. The production build must exist (`npm test` makes it first).

const root = path.resolve(__dirname, "../../..");
const execFileAsync = promisify(execFile);

export type Instance = {
  index: number;
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the instance printed (stdout and stderr), for assertions on logs. */
  output: string[];
};

export type Cluster = {
  databaseUrl: string;
  instances: Instance[];
  /** A pool on the cluster's database, for setting up rows and checking what was written. */
  sql: pg.Pool;
  /** Sends a signal to one instance and waits until it has exited. */
  kill(index: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts a stopped instance again on its port. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  instances?: number;
  /** Extra environment for every instance (e.g. REGISTRATION_LIMIT_PER_HOUR: "0"). */
  env?: Record<string, string>;
};

/** The server the reliability databases are created on. */
function adminUrl(): string {
  const base =
    process.env.RELIABILITY_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    "postgresql://postgres@127.0.0.1:5432/postgres";
  const url = new URL(base);
  url.pathname = "/postgres";
  return url.toString();
}

export { freePort };

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = adminUrl();
  const name = `loyaltap_rel_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export const CLUSTER_AUTH_SECRET = "reliability-secret-not-for-production-0123456789";
export const CLUSTER_TAG_KEY = randomBytes(32).toString("base64");

async function waitUntilServing(instance: Instance, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(
        `instance ${instance.index} exited with ${instance.child.exitCode}:\n${instance.output.join("").slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`${instance.url}/about`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `instance ${instance.index} did not serve within ${timeoutMs} ms:\n${instance.output.join("").slice(-4000)}`,
  );
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const database = await createDatabase();
  await execFileAsync(process.execPath, ["scripts/db.mjs", "migrate"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url },
  });
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  // The mails the instances send (welcome, rewards) land here, not in the repository's .data/mail.
  const mailDir = mkdtempSync(path.join(tmpdir(), "loyaltap-cluster-mail-"));
  const count = options.instances ?? 2;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());

  const spawnInstance = (index: number, port: number): Instance => {
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        AUTH_SECRET: CLUSTER_AUTH_SECRET,
        TAG_KEY_ENCRYPTION_KEY: CLUSTER_TAG_KEY,
        AUTH_URL: url,
        SITE_URL: url,
        TZ: "America/New_York",
        LOYALTAP_TEST_CLOCK: "1",
        MAIL_OUTBOX_DIR: mailDir,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so kill -9 reaches every process of the instance.
      detached: true,
    });
    const output: string[] = [];
    child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    return { index, url, port, child, output };
  };

  const instances: Instance[] = [];
  try {
    // One after the other: each instance's start runs the first-run work.
    for (let i = 0; i < count; i++) {
      instances.push(spawnInstance(i, ports[i]!));
      await waitUntilServing(instances[i]!);
    }
  } catch (error) {
    for (const instance of instances) {
      try {
        process.kill(-instance.child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await sql.end();
    await database.drop();
    rmSync(mailDir, { recursive: true, force: true });
    throw error;
  }

  const kill = async (index: number, signal: NodeJS.Signals) => {
    const { child } = instances[index]!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    // SIGKILL goes to the whole process group (a server process that npm start
    // spawned must die with it); SIGTERM to npm start, which shuts down in order.
    if (signal === "SIGKILL") process.kill(-child.pid!, "SIGKILL");
    else child.kill(signal);
    await exited;
  };

  return {
    databaseUrl: database.url,
    instances,
    sql,
    kill,
    async restart(index) {
      const previous = instances[index]!;
      const next = spawnInstance(index, previous.port);
      instances[index] = next;
      await waitUntilServing(next);
    },
    async stop() {
      // An instance that does not stop within 20 s is killed, so a hung
      // shutdown fails its own test rather than leaving processes behind.
      await Promise.all(
        instances.map(async (instance, i) => {
          const timer = setTimeout(() => {
            try {
              process.kill(-instance.child.pid!, "SIGKILL");
            } catch {
              // already gone
            }
          }, 20_000);
          try {
            await kill(i, "SIGTERM");
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      await sql.end();
      await database.drop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
