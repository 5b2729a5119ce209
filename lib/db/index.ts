import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

// The one Prisma client of the app. `npm start` sets DATABASE_URL (the embedded
// PGlite or a real PostgreSQL) before Next.js starts.
function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides one");
  }
  const max = Number(process.env.DATABASE_POOL_MAX) || 10;
  const adapter = new PrismaPg({ connectionString, max });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { loyaltapPrisma?: PrismaClient };

// One client per process, also across Next.js dev hot reloads. Created on first
// use, so `next build` can import modules that use it without a database.
function client(): PrismaClient {
  globalForPrisma.loyaltapPrisma ??= createClient();
  return globalForPrisma.loyaltapPrisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const instance = client();
    const value = Reflect.get(instance, property, instance);
    return typeof value === "function" ? value.bind(instance) : value;
  },
});

export type { PrismaClient };
export { Prisma } from "@/lib/generated/prisma/client";
