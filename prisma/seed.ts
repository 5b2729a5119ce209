// Demo data for a first run: one business with a claimed tag, a few programs
// and sixty regulars (prisma/seed-crowd.ts), one customer to sign in as. `--if-empty` (used by `npm start`) seeds only a
// database without users, so it never touches real data.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/prisma/client";
import { hashPassword } from "../lib/auth/password";
import { seedDemoCrowd } from "./seed-crowd";

export const DEMO_PASSWORD = "loyaltap-demo";
export const DEMO_OWNER_EMAIL = "owner@loyaltap.test";
export const DEMO_CUSTOMER_EMAIL = "customer@loyaltap.test";
export const DEMO_ADMIN_EMAIL = "admin@loyaltap.test";
export const DEMO_TAG_ID = "demo-cafe";

async function main() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 1 }) });
  try {
    if (process.argv.includes("--if-empty") && (await db.user.count()) > 0) return;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const { business, owner } = await db.$transaction(async (tx) => {
      const owner = await tx.user.create({
        data: { email: DEMO_OWNER_EMAIL, firstName: "Marta", lastName: "Puig", name: "Marta Puig", passwordHash },
      });
      await tx.user.create({
        data: { email: DEMO_CUSTOMER_EMAIL, firstName: "Jordi", lastName: "Vila", name: "Jordi Vila", passwordHash },
      });
      await tx.user.create({
        data: {
          email: DEMO_ADMIN_EMAIL,
          firstName: "Ada",
          lastName: "Admin",
          name: "Ada Admin",
          passwordHash,
          role: "ADMIN",
        },
      });
      const business = await tx.business.create({
        data: {
          slug: "cafe-central",
          ownerId: owner.id,
          name: "Café Central",
          description: "Specialty coffee and pastries baked every morning, in the heart of Gràcia.",
          keywords: ["Cafe", "Bakery"],
          website: "https://www.example.com/cafe-central",
          phone: "+34 930 000 000",
          address: "Carrer de Verdi 1, 08012 Barcelona",
          socialMedia: { instagram: "https://instagram.com/cafecentral" },
          theme: { primaryColor: "#7C2D12", secondaryColor: "#B45309", placeholderIcon: "coffee" },
          settings: { notifications_enabled: true, language: "en", timezone: "Europe/Madrid" },
          timezone: "Europe/Madrid",
          dailyTapLimit: 1,
        },
      });
      await tx.tag.create({
        data: {
          id: DEMO_TAG_ID,
          businessId: business.id,
          label: "Counter",
          claimedAt: new Date(),
          claimedById: owner.id,
        },
      });
      await tx.tag.create({ data: { id: "demo-free" } });
      await tx.program.createMany({
        data: [
          {
            businessId: business.id,
            type: "stamps",
            name: "Coffee card",
            description: "Collect 10 stamps, the next coffee is on us.",
            rules: { stampsRequired: 10 },
            rewardName: "Free coffee",
            rewardExpiryDays: 30,
          },
          {
            businessId: business.id,
            type: "points",
            name: "Pastry points",
            description: "10 points a visit; 100 points buy a pastry.",
            rules: { pointsPerVisit: 10, threshold: 100 },
            rewardName: "Free pastry",
          },
          {
            businessId: business.id,
            type: "tier",
            name: "Regulars club",
            description: "Bronze, Silver and Gold regulars get a little extra.",
            rules: {},
            rewardName: "Tier welcome gift",
          },
        ],
      });
      return { business, owner };
    });
    const coffeeCard = await db.program.findFirstOrThrow({ where: { businessId: business.id, type: "stamps" } });
    // Its own transaction, with time for a few hundred rows on the embedded database.
    await db.$transaction((tx) => seedDemoCrowd(tx, { id: business.id, ownerId: owner.id }, coffeeCard), {
      timeout: 120_000,
    });
    // Passwords never go to a log, not even the demo's (it is in the README).
    console.log(
      [
        "[loyaltap] Seeded the demo (the demo accounts' password is in the README):",
        `  business owner  ${DEMO_OWNER_EMAIL}`,
        `  customer        ${DEMO_CUSTOMER_EMAIL}`,
        `  admin           ${DEMO_ADMIN_EMAIL}   (/admin/users)`,
        `  tap page        /tap?id=${DEMO_TAG_ID}   (unclaimed tag: /tap?id=demo-free)`,
      ].join("\n"),
    );
  } finally {
    await db.$disconnect();
  }
}

main().catch((error) => {
  console.error(`[loyaltap] Seeding failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
