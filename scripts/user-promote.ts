// npm run user:promote -- <email>   makes that user an ADMIN.
import "./load-env.mjs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/prisma/client";

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) throw new Error("Usage: npm run user:promote -- <email>");
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("Set DATABASE_URL (the embedded database's URL is printed by npm start).");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 1 }) });
  try {
    const updated = await db.user.updateMany({ where: { email }, data: { role: "ADMIN" } });
    if (updated.count === 0) throw new Error(`No user with email ${email}`);
    console.log(`${email} is now an admin.`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
