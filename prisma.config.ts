import { defineConfig } from "prisma/config";

// Prisma 7 reads the connection from here. Migrations are applied by
// scripts/db.mjs (WASM schema engine); `prisma migrate deploy` also works where
// Prisma's engine binary can be downloaded.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
