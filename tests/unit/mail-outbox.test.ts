import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { publicProduction } from "@/lib/env";
import { mailer, OutboxMailer, setMailer } from "@/lib/mail";

describe("mail without SMTP_URL", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "loyaltap-outbox-"));
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  test("a mail is written to a file in the outbox; the log names the file but holds no link or token", async () => {
    const logged: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
    }
    const link = "http://localhost:3000/auth/reset?token=s3cret-reset-token-value";
    await new OutboxMailer(dir).send({
      to: "ana@example.test",
      subject: "Reset your password",
      text: `Open ${link} to choose a new password.`,
    });

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const content = await readFile(path.join(dir, files[0]!), "utf8");
    expect(content).toContain("To: ana@example.test");
    expect(content).toContain(link);
    const log = logged.join("\n");
    expect(log).toContain("ana@example.test");
    expect(log).toContain(files[0]);
    expect(log).not.toContain("s3cret-reset-token-value");
    expect(log).not.toContain("token=");
  });

  test("a public production deployment never falls back to the outbox", async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { NODE_ENV: "production", SITE_URL: "https://loyaltap.example", SMTP_URL: "" });
      expect(publicProduction()).toBe(true);
      setMailer(null);
      await expect(mailer().send({ to: "a@example.test", subject: "s", text: "t" })).rejects.toThrow(
        "SMTP_URL is not set",
      );
    } finally {
      process.env = saved;
      setMailer(null);
    }
  });
});
