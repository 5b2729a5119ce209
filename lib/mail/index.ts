import "server-only";
import nodemailer from "nodemailer";

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
    await this.transport.sendMail({ from: process.env.MAIL_FROM || "Loyaltap <no-reply@loyaltap.local>", ...mail });
  }
}

/** Without SMTP_URL (local runs), mails go to the server log. */
class LogMailer implements Mailer {
  async send(mail: Mail) {
    console.info(`[mail] to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.text}`);
  }
}

let current: Mailer | null = null;

export function mailer(): Mailer {
  current ??= process.env.SMTP_URL ? new SmtpMailer(process.env.SMTP_URL) : new LogMailer();
  return current;
}

/** Tests capture mail instead of sending it. */
export function setMailer(next: Mailer | null) {
  current = next;
}
