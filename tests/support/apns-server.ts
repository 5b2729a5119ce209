import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { decodeProtectedHeader, jwtVerify } from "jose";

// A stand-in for APNs on loopback: cleartext HTTP/2 (h2c), which is what the
// product's sender speaks to an http:// APPLE_APNS_URL. It checks each push as
// APNs would: POST /3/device/<token>, the provider token an ES256 JWT whose
// signature verifies with the public half of the APNs auth key, `kid` the Key
// ID and `iss` the Team ID, issued within the last hour. It records every push
// it accepted and can be told to answer a token with another status (410 for
// a device that removed the pass).

export type ReceivedApnsPush = {
  token: string;
  topic: string | undefined;
  headers: http2.IncomingHttpHeaders;
  body: string;
  /** Which HTTP/2 session (connection) carried it, counting from 1. */
  session: number;
};

export type ApnsServer = {
  /** The origin to set as APPLE_APNS_URL. */
  url: string;
  /** Pushes that passed the checks, oldest first. */
  received: ReceivedApnsPush[];
  /** Every request, the refused included: its token and the status it got. */
  answered: { token: string; status: number; reason: string | null }[];
  /** The JWTs of the accepted pushes, in order (to check their reuse). */
  providerTokens: string[];
  /** Answers `status` (with APNs' `reason`) to pushes for `token` from now on; 0: never answers. */
  answer(token: string, status: number, reason?: string): void;
  /** The pushes received for a token. */
  pushesTo(token: string): ReceivedApnsPush[];
  /** How many HTTP/2 sessions clients opened. */
  sessions(): number;
  /** Sends GOAWAY on every open session (APNs does that when it shuts a connection down). */
  goAway(): void;
  close(): Promise<void>;
};

export async function startApnsServer(options: {
  apnsKeyPem: string;
  keyId: string;
  teamId: string;
}): Promise<ApnsServer> {
  const publicKey: KeyObject = createPublicKey(createPrivateKey(options.apnsKeyPem));
  const received: ReceivedApnsPush[] = [];
  const answered: ApnsServer["answered"] = [];
  const providerTokens: string[] = [];
  const statuses = new Map<string, { status: number; reason?: string }>();
  const open = new Set<http2.ServerHttp2Session>();
  const sessionIds = new WeakMap<http2.Http2Session, number>();
  let sessionCount = 0;

  const server = http2.createServer();
  server.on("session", (session) => {
    sessionIds.set(session, ++sessionCount);
    open.add(session);
    session.on("close", () => open.delete(session));
    session.on("error", () => open.delete(session));
  });
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      void (async () => {
        const path = String(headers[":path"] ?? "");
        const token = /^\/3\/device\/([^/?]+)$/.exec(path)?.[1] ?? "";
        const reply = (status: number, reason: string | null) => {
          answered.push({ token, status, reason });
          if (stream.destroyed) return;
          stream.respond({ ":status": status, "apns-id": "00000000-0000-4000-8000-000000000000" });
          stream.end(reason ? JSON.stringify({ reason }) : undefined);
        };
        if (headers[":method"] !== "POST") return reply(405, "MethodNotAllowed");
        if (!token) return reply(404, "BadPath");
        const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ""))?.[1];
        if (!jwt) return reply(403, "MissingProviderToken");
        try {
          const header = decodeProtectedHeader(jwt);
          if (header.alg !== "ES256" || header.kid !== options.keyId) return reply(403, "InvalidProviderToken");
          const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ["ES256"], issuer: options.teamId });
          const age = Date.now() / 1000 - Number(payload.iat);
          if (!Number.isFinite(age) || age > 3600) return reply(403, "ExpiredProviderToken");
        } catch {
          return reply(403, "InvalidProviderToken");
        }
        if (!headers["apns-topic"]) return reply(400, "MissingTopic");
        const forced = statuses.get(token);
        if (forced?.status === 0) return; // a server that stopped answering
        if (forced) return reply(forced.status, forced.reason ?? null);
        providerTokens.push(jwt);
        received.push({
          token,
          topic: headers["apns-topic"] as string | undefined,
          headers,
          body: Buffer.concat(chunks).toString("utf8"),
          session: sessionIds.get(stream.session!) ?? 0,
        });
        reply(200, null);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answered,
    providerTokens,
    answer: (token, status, reason) => void statuses.set(token, { status, reason }),
    pushesTo: (token) => received.filter((push) => push.token === token),
    sessions: () => sessionCount,
    goAway: () => {
      // close(): a GOAWAY, then the connection ends once its streams are done.
      for (const session of open) session.close();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of open) session.destroy();
        server.close(() => resolve());
      }),
  };
}
