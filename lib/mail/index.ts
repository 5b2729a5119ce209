import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env, publicProduction } from "@/lib/env";

export type Mail = { to: string; subject: string; text: string };
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). */
class SmtpMailer implements Mailer {
  private transport;
  constructor(url: string) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(mail: Mail) {
    await this.transport.sendMail({ from: env.MAIL_FROM, ...mail });
  }
}

export function outboxDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.MAIL_OUTBOX_DIR || path.join(".data", "mail"));
}

/**
 * Without SMTP_URL (local runs) each mail is written to a file in the outbox
 * folder. Mails hold reset and verification links, which must never reach a
 * log: the log says only that a mail was written, to whom and where.
 */
export class OutboxMailer implements Mailer {
  constructor(private readonly dir: string = outboxDir()) {}
  async send(mail: Mail) {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
    );
    const content = `To: ${mail.to}\nSubject: ${mail.subject}\nDate: ${new Date().toUTCString()}\n\n${mail.text}\n`;
    await writeFile(file, content, { mode: 0o600 });
    console.info(
      `Mail written to the outbox (no SMTP_URL): to=${mail.to} subject=${JSON.stringify(mail.subject)} file=${file}`,
    );
  }
}

class MissingSmtpMailer implements Mailer {
  async send(): Promise<void> {
    throw new Error("SMTP_URL is not set: a production deployment cannot send mail");
  }
}

let current: Mailer | null = null;

export function mailer(): Mailer {
  if (!current) {
    const smtpUrl = env.SMTP_URL;
    // A public deployment must deliver mail, never keep it on disk (it does not start without SMTP_URL).
    if (smtpUrl) current = new SmtpMailer(smtpUrl);
    else current = publicProduction() ? new MissingSmtpMailer() : new OutboxMailer();
  }
  return current;
}

/** Tests capture mail instead of sending it. */
export function setMailer(next: Mailer | null) {
  current = next;
}
