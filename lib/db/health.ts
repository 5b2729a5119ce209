import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pool } from "@/lib/db";
import { dbEnv } from "@/lib/db/env";

export type Health = {
  status: "ok" | "error";
  database: "ok" | "unreachable";
  migrations: "ok" | "pending" | "unknown";
};

const TIMEOUT_MS = 3000;

/**
 * The migrations this build expects: the folder names of prisma/migrations,
 * recorded at build time (next.config.ts) so a deployed build knows them
 * without its sources; read from the folder when not built (tests).
 */
export function expectedMigrations(): string[] {
  const recorded = dbEnv.LOYALTAP_MIGRATIONS;
  if (recorded) return recorded;
  return readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function appliedMigrations(): Promise<Set<string>> {
  try {
    const { rows } = await pool().query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    return new Set(rows.map((row) => row.migration_name));
  } catch (error) {
    // No migrations table yet: nothing applied. Anything else: the database is not answering.
    if ((error as { code?: string }).code === "42P01") return new Set();
    throw error;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Database reachable and every migration of this build applied. Says nothing else (no versions, hosts or errors). */
export async function checkHealth(timeoutMs = TIMEOUT_MS): Promise<Health> {
  let applied: Set<string>;
  try {
    applied = await withTimeout(appliedMigrations(), timeoutMs);
  } catch (error) {
    console.error(`Health check: database unreachable: ${(error as Error).message}`);
    return { status: "error", database: "unreachable", migrations: "unknown" };
  }
  const pending = expectedMigrations().filter((name) => !applied.has(name));
  if (pending.length) return { status: "error", database: "ok", migrations: "pending" };
  return { status: "ok", database: "ok", migrations: "ok" };
}
