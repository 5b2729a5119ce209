import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in webhook receiver on loopback: it records every request and
// answers with the next status of its script (then the last one again).

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; path: string };

export type WebhookReceiver = {
  origin: string;
  port: number;
  received: ReceivedWebhook[];
  /** The statuses to answer with, in order; the last one repeats. */
  answer(statuses: number[]): void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let script = [200];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), path: req.url ?? "" });
      const status = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(status, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actual}`,
    port: actual,
    received,
    answer: (statuses) => void (script = [...statuses]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Standard Webhooks verification written from the specification
 * (https://www.standardwebhooks.com): the key is the base64 after `whsec_`;
 * the signed content is `${id}.${timestamp}.${body}`; the header holds
 * space-separated `v1,<base64 HMAC-SHA256>` signatures, one of which must match.
 */
export async function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  toleranceSeconds = 300,
): Promise<boolean> {
  const { createHmac, timingSafeEqual } = await import("node:crypto");
  const id = String(headers["webhook-id"] ?? "");
  const timestamp = String(headers["webhook-timestamp"] ?? "");
  const signatures = String(headers["webhook-signature"] ?? "").split(" ");
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
