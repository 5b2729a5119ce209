import { db } from "@/lib/db";
import { execFileAsync } from "../support/processes";

afterAll(() => db.$disconnect());

describe("npm run user:promote -- <email>", () => {
  it("makes the user an ADMIN, and says so when the email is unknown", async () => {
    const email = `promote-${Date.now()}@example.test`;
    await db.user.create({ data: { email } });
    const { stdout } = await execFileAsync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/user-promote.ts", email.toUpperCase()],
      {
        env: process.env,
      },
    );
    expect(stdout).toContain(`${email} is now an admin.`);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).role).toBe("ADMIN");

    await expect(
      execFileAsync(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "scripts/user-promote.ts", "nobody@example.test"],
        { env: process.env },
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining("No user with email nobody@example.test") });
  }, 60_000);
});
