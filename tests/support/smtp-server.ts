import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";

// A real SMTP server on loopback, in the test process: the product's own
// SmtpMailer (nodemailer, SMTP_URL) delivers to it over TCP exactly as it would
// to a mail provider, and each mail is parsed as a mail program reads it
// (mailparser): subject, text and HTML parts, headers.

export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The message as it arrived. */
  raw: string;
  parsed: ParsedMail;
};

export type SmtpStandIn = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The mails received for one address. */
  to(address: string): ReceivedMail[];
  /** The next `count` messages are refused with a temporary failure (451), as a busy provider would. */
  refuseNext(count?: number): void;
  close(): Promise<void>;
};

async function readAll(stream: SMTPServerDataStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS to offer, no log-in to ask for.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed: await simpleParser(raw) });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((mail) => mail.to.includes(address)),
    refuseNext(count = 1) {
      refusals += count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
