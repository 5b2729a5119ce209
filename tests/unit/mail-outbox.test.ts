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

  test("a mail with HTML is written as a readable multipart .eml with both parts and its extra headers", async () => {
    jest.spyOn(console, "info").mockImplementation(() => undefined);
    await new OutboxMailer(dir).send({
      to: "ana@example.test",
      subject: "Tu premio en Café Central",
      text: "Código: ABC123",
      html: "<p>Código: <strong>ABC123</strong></p>",
      headers: {
        "List-Unsubscribe": "<https://loyaltap.example/api/unsubscribe?token=t>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    const [file] = await readdir(dir);
    const content = await readFile(path.join(dir, file!), "utf8");
    const boundary = /boundary="([^"]+)"/.exec(content)?.[1];
    expect(boundary).toBeTruthy();
    expect(content).toContain("Subject: Tu premio en Café Central");
    expect(content).toContain("List-Unsubscribe: <https://loyaltap.example/api/unsubscribe?token=t>");
    expect(content).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const parts = content.split(`--${boundary}`);
    // Preamble, text, html, closing.
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain("Content-Type: text/plain; charset=utf-8");
    expect(parts[1]).toContain("Código: ABC123");
    expect(parts[2]).toContain("Content-Type: text/html; charset=utf-8");
    expect(parts[2]).toContain("<strong>ABC123</strong>");
    expect(parts[3]!.startsWith("--")).toBe(true);
  });

  test("a header value or subject with a line break is refused, not written", async () => {
    const mailer = new OutboxMailer(dir);
    await expect(
      mailer.send({
        to: "a@example.test",
        subject: "s",
        text: "t",
        headers: { "X-Test": "a\r\nBcc: evil@example.test" },
      }),
    ).rejects.toThrow("invalid mail header");
    await expect(mailer.send({ to: "a@example.test", subject: "s\nBcc: x", text: "t" })).rejects.toThrow("spans lines");
    await expect(readdir(dir)).resolves.toEqual([]);
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
