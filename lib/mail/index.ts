import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool";
import { mailEnv } from "@/lib/mail/env";
import { publicProduction } from "@/lib/env";

/**
 * One mail. `text` is always there (every client can show it); `html`, when
 * given, is the same mail laid out, sent beside it as multipart/alternative.
 * `headers` are extra header lines (List-Unsubscribe, List-Unsubscribe-Post).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

// A header name is a token; a value is one line. A line break in either would
// let text become a header of its own (header injection): refused outright.
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
const LINE_BREAK = /[\r\n]/;

/** The mail's extra headers, checked: a bad name or a value with a line break throws. */
export function checkedHeaders(mail: Pick<Mail, "headers" | "subject" | "to">): [string, string][] {
  if (LINE_BREAK.test(mail.subject) || LINE_BREAK.test(mail.to))
    throw new Error("a mail's subject or address spans lines");
  return Object.entries(mail.headers ?? {}).map(([name, value]) => {
    if (!HEADER_NAME.test(name) || LINE_BREAK.test(value))
      throw new Error(`invalid mail header ${JSON.stringify(name)}`);
    return [name, value];
  });
}

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). A mail
 * server that does not answer fails the send well within a mail job's time
 * limit (lib/jobs/queues.ts, 120 s), so the job is retried rather than taken
 * for lost while it is still waiting (docs/notifications.md).
 */
class SmtpMailer implements Mailer {
  private transport;
  /** `connections`: a pool that keeps that many connections open and reuses them (see mailSession). */
  constructor(
    readonly url: string,
    connections?: number,
  ) {
    const timeouts = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 45_000 };
    // The pool is built directly: createTransport reads `pool` from the URL only, not beside it.
    this.transport = connections
      ? nodemailer.createTransport(
          new SMTPPool({ url, ...timeouts, pool: true, maxConnections: connections, maxMessages: Infinity }),
        )
      : nodemailer.createTransport({ url, ...timeouts });
  }
  close() {
    this.transport.close();
  }
  async send(mail: Mail) {
    const headers = checkedHeaders(mail);
    await this.transport.sendMail({
      from: mailEnv.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
    });
  }
}

export function outboxDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ mailEnv.MAIL_OUTBOX_DIR || path.join(".data", "mail"));
}

/**
 * A mail as the text of an .eml file any mail program opens: the headers, then
 * the plain text, and with `html` both parts as multipart/alternative. Written
 * as 8-bit UTF-8 rather than encoded, so the file also reads in an editor.
 */
export function emlText(mail: Mail, from: string, date = new Date()): string {
  const extra = checkedHeaders(mail);
  const lines = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${date.toUTCString()}`,
    "MIME-Version: 1.0",
    ...extra.map(([name, value]) => `${name}: ${value}`),
  ];
  const part = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=utf-8`, "Content-Transfer-Encoding: 8bit", "", body].join("\n");
  if (!mail.html) return [...lines, part("text/plain", mail.text), ""].join("\n");
  const boundary = `loyaltap-${randomBytes(12).toString("hex")}`;
  return [
    ...lines,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    part("text/plain", mail.text),
    `--${boundary}`,
    part("text/html", mail.html),
    `--${boundary}--`,
    "",
  ].join("\n");
}

/**
 * Without SMTP_URL (local runs) each mail is written to a file in the outbox
 * folder. Mails hold reset and verification links, which must never reach a
 * log: the log says only that a mail was written, to whom and where.
 */
export class OutboxMailer implements Mailer {
  constructor(private readonly dir: string = outboxDir()) {}
  async send(mail: Mail) {
    const content = emlText(mail, mailEnv.MAIL_FROM);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
    );
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

let chosen: Mailer | null = null;
let made: { url: string | undefined; mailer: Mailer } | null = null;

/** The mailer for SMTP_URL as it is now (a test that points SMTP_URL at a stand-in gets a transport to it). */
export function mailer(): Mailer {
  if (chosen) return chosen;
  const smtpUrl = mailEnv.SMTP_URL;
  if (!made || made.url !== smtpUrl) {
    // A public deployment must deliver mail, never keep it on disk (it does not start without SMTP_URL).
    const next = smtpUrl ? new SmtpMailer(smtpUrl) : publicProduction() ? new MissingSmtpMailer() : new OutboxMailer();
    made = { url: smtpUrl, mailer: next };
  }
  return made.mailer;
}

/** A mailer for a run of many mails, closed when the run ends. */
export type MailSession = Mailer & { close(): void };

/**
 * For a run of many mails (a campaign's batch): over SMTP, a pool of up to
 * `connections` connections, each reused for mail after mail instead of a new
 * connection, greeting and goodbye per mail. Closed at the end of the run, so
 * no connection outlives it (an idle one would hold the mail server open).
 * Without SMTP (the outbox, a test's mailer) it is the ordinary mailer.
 */
export function mailSession(connections: number): MailSession {
  const base = mailer();
  if (base instanceof SmtpMailer) return new SmtpMailer(base.url, connections);
  return { send: (mail) => base.send(mail), close: () => {} };
}

/** Tests capture mail instead of sending it; null goes back to SMTP_URL's mailer. */
export function setMailer(next: Mailer | null) {
  chosen = next;
  made = null;
}
