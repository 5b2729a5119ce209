import "server-only";
import http2 from "node:http2";
import { SignJWT } from "jose";
import { apnsKeyOf } from "@/lib/wallet/apple/keys";

// Telling a device that one of its Apple Wallet passes changed (docs/wallet.md,
// "Apple Wallet: updates"): an APNs push to the push token Wallet registered,
// with the Pass Type ID as its topic and an empty body. Wallet ignores any
// payload: the push only makes it ask the web service what changed.
//
// APNs speaks HTTP/2 only. One session per process is kept open and reused
// (Apple asks providers to keep their connections rather than open one per
// push), and made again after a GOAWAY, an error or a timeout. The same code
// reaches Apple over https and the tests' stand-in over cleartext HTTP/2
// (h2c, an http:// APPLE_APNS_URL).
//
// Authentication is token-based: an ES256 JWT signed with the APNs auth key
// (the .p8), `kid` its Key ID and `iss` the Team ID. Apple refuses a token
// older than an hour and one renewed more often than every 20 minutes, so a
// token is reused for 40 minutes, then renewed.

export type ApnsOutcome = "sent" | "gone";

export interface ApnsSender {
  /**
   * Pushes "this pass type changed" to one device. "sent": APNs took it;
   * "gone": the token is no longer valid (the caller deletes that device's
   * registrations). Anything else throws, so the job is retried.
   */
  send(pushToken: string, topic: string): Promise<ApnsOutcome>;
  close(): Promise<void>;
}

/** APNs refused a push: its status and its `reason` (never the token or the JWT). */
export class ApnsError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | null,
  ) {
    super(`APNs answered ${status}${reason ? ` ${reason}` : ""}`);
    this.name = "ApnsError";
  }
}

export type ApnsCredentials = {
  /** APNs' origin: https://api.push.apple.com, or the stand-in's http:// origin. */
  url: string;
  keyId: string;
  teamId: string;
  /** The .p8 auth key, PEM; a secret. */
  keyPem: string;
};

export type ApnsOptions = {
  /** How long one push may take (connecting included) before it is given up. */
  timeoutMs?: number;
  /** How long an idle session stays open. */
  idleMs?: number;
  /** The clock of the JWT (tests move it). */
  now?: () => number;
};

/** How long one provider token is used: Apple accepts one for an hour and refuses renewals under 20 minutes. */
export const PROVIDER_TOKEN_REUSE_MS = 40 * 60_000;
// A token a device gave us goes into the request's path: only hex, as APNs issues them.
const PUSH_TOKEN = /^[0-9A-Fa-f]{16,200}$/;
// How long APNs keeps a push for a device that is offline (it keeps only the last one per topic).
const EXPIRATION_SECONDS = 24 * 60 * 60;

type Answer = { status: number; reason: string | null };

/** A failure of the connection rather than an answer of APNs: worth one more try on a new session. */
class TransportError extends Error {}

export class Http2ApnsSender implements ApnsSender {
  private session: http2.ClientHttp2Session | null = null;
  private token: { jwt: string; issuedAt: number } | null = null;
  private inFlight = 0;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly credentials: ApnsCredentials,
    options: ApnsOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  async send(pushToken: string, topic: string): Promise<ApnsOutcome> {
    if (!PUSH_TOKEN.test(pushToken)) return "gone";
    let renewed = false;
    let reconnected = false;
    for (;;) {
      let answer: Answer;
      try {
        answer = await this.post(pushToken, topic, await this.providerToken());
      } catch (error) {
        // The session died under the request (a GOAWAY, a reset, a timeout): once more on a new one.
        // A push sent twice is harmless: it only makes Wallet ask what changed.
        if (error instanceof TransportError && !reconnected) {
          reconnected = true;
          continue;
        }
        throw error;
      }
      if (answer.status === 200) return "sent";
      if (answer.status === 410) return "gone";
      if (answer.status === 400 && (answer.reason === "BadDeviceToken" || answer.reason === "Unregistered"))
        return "gone";
      if (answer.status === 403 && answer.reason === "ExpiredProviderToken" && !renewed) {
        this.token = null;
        renewed = true;
        continue;
      }
      throw new ApnsError(answer.status, answer.reason);
    }
  }

  async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session || session.destroyed) return;
    await new Promise<void>((resolve) => {
      session.close(() => resolve());
      // A session whose peer stopped answering would never report closed.
      setTimeout(() => {
        session.destroy();
        resolve();
      }, 1_000).unref();
    });
  }

  /** The provider token, made again once it is 40 minutes old. */
  private async providerToken(): Promise<string> {
    const now = this.now();
    if (this.token && now - this.token.issuedAt < PROVIDER_TOKEN_REUSE_MS) return this.token.jwt;
    const key = apnsKeyOf(this.credentials.keyPem);
    if (!key) throw new Error("APPLE_APNS_PRIVATE_KEY is not an EC P-256 key");
    const jwt = await new SignJWT({ iss: this.credentials.teamId, iat: Math.floor(now / 1000) })
      .setProtectedHeader({ alg: "ES256", kid: this.credentials.keyId })
      .sign(key);
    this.token = { jwt, issuedAt: now };
    return jwt;
  }

  /** The open session, or a new one. */
  private connect(): http2.ClientHttp2Session {
    const current = this.session;
    if (current && !current.closed && !current.destroyed) return current;
    const session = http2.connect(this.credentials.url);
    const forget = () => {
      if (this.session === session) this.session = null;
    };
    // An error is also reported to the streams in flight; here it only retires the session.
    session.on("error", forget);
    session.on("goaway", forget);
    session.on("close", forget);
    session.setTimeout(this.idleMs, () => {
      if (this.inFlight === 0) session.close();
    });
    // An idle session must not keep the process alive (a worker stopping, a test ending).
    session.unref();
    this.session = session;
    return session;
  }

  private post(pushToken: string, topic: string, jwt: string): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const session = this.connect();
      if (this.inFlight++ === 0) session.ref();
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (--this.inFlight === 0 && !session.destroyed) session.unref();
        outcome();
      };
      const timer = setTimeout(() => {
        // A connection that stopped answering is dropped: the next push opens a new one.
        if (this.session === session) this.session = null;
        session.destroy();
        finish(() => reject(new TransportError(`APNs did not answer within ${this.timeoutMs} ms`)));
      }, this.timeoutMs);
      let stream: http2.ClientHttp2Stream;
      try {
        stream = session.request({
          ":method": "POST",
          ":path": `/3/device/${pushToken}`,
          authorization: `bearer ${jwt}`,
          "apns-topic": topic,
          // Wallet's pushes carry no alert: "background" with priority 5, which APNs requires of that type.
          "apns-push-type": "background",
          "apns-priority": "5",
          "apns-expiration": String(Math.floor(this.now() / 1000) + EXPIRATION_SECONDS),
          "content-type": "application/json",
        });
      } catch (error) {
        finish(() => reject(new TransportError(`APNs request failed: ${messageOf(error)}`)));
        return;
      }
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on("response", (headers) => {
        status = Number(headers[":status"]);
      });
      stream.on("data", (chunk: Buffer) => {
        if (chunks.length < 16) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (!status) return finish(() => reject(new TransportError("APNs closed the stream without an answer")));
        finish(() => resolve({ status, reason: reasonOf(Buffer.concat(chunks).toString("utf8")) }));
      });
      stream.on("error", (error) =>
        finish(() => reject(new TransportError(`APNs request failed: ${messageOf(error)}`))),
      );
      stream.on("close", () => {
        if (!status) finish(() => reject(new TransportError("APNs closed the stream without an answer")));
      });
      stream.end("{}");
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** APNs' `reason` of an error answer, a short identifier ("BadDeviceToken"), or null. */
function reasonOf(body: string): string | null {
  if (!body) return null;
  try {
    const reason = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === "string" && /^[A-Za-z]{1,64}$/.test(reason) ? reason : null;
  } catch {
    return null;
  }
}

const shared = globalThis as unknown as { loyaltapApns?: { key: string; sender: ApnsSender } };

/**
 * The process's sender for these credentials: one HTTP/2 session and one
 * provider token shared by every job. Different credentials (a test changing
 * the environment) close the old sender and make a new one.
 */
export function apnsSenderFor(credentials: ApnsCredentials): ApnsSender {
  const key = `${credentials.url}\u0000${credentials.teamId}\u0000${credentials.keyId}\u0000${credentials.keyPem}`;
  if (shared.loyaltapApns?.key === key) return shared.loyaltapApns.sender;
  void shared.loyaltapApns?.sender.close();
  const sender = new Http2ApnsSender(credentials);
  shared.loyaltapApns = { key, sender };
  return sender;
}

/** Closes the process's sender (shutdown, tests). */
export async function closeApnsSender(): Promise<void> {
  const current = shared.loyaltapApns;
  shared.loyaltapApns = undefined;
  await current?.sender.close();
}
