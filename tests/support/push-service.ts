import {
  createECDH,
  createDecipheriv,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for a browser vendor's push service (RFC 8030) on loopback, and
// the browser's side of a subscription: its own P-256 key pair and auth
// secret, so a test can decrypt what the product sent (RFC 8291, aes128gcm)
// exactly as the browser would, and check the VAPID signature (RFC 8292) as
// the push service would.

export type ReceivedPush = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  /** The status the service answers for a subscription's path (default 201 Created). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
};

/** On port `listenOn`, or a free one when it is 0 (the end-to-end server is told its port before it starts). */
export async function startPushService(listenOn = 0): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201, { "content-type": "text/plain" });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => void statuses.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription to the stand-in: what PushSubscription.toJSON() gives, and the private key to read pushes. */
export type BrowserSubscription = {
  endpoint: string;
  path: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
};

export function browserSubscription(service: PushService): BrowserSubscription {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    endpoint: service.origin + path,
    path,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
    ecdh,
    authSecret,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/**
 * The plaintext of an aes128gcm push body, decrypted with the browser's keys
 * (RFC 8291 §3.4 and RFC 8188): the header carries the salt, the record size
 * and the sender's one-time public key; the content key and nonce come from
 * HKDF over the ECDH secret and the auth secret.
 */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record: not what a push message is");

  const receiverPublic = subscription.ecdh.getPublicKey();
  const ecdhSecret = subscription.ecdh.computeSecret(senderPublic);
  // HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const prkKey = hmac(subscription.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // HKDF(salt, IKM, …) for the content-encryption key (16 bytes) and the nonce (12 bytes).
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "latin1")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "latin1")).subarray(0, 12);

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * The VAPID claims of a push request when its `Authorization: vapid t=…, k=…`
 * is signed by `publicKey` (ES256); throws otherwise.
 */
export function verifyVapid(
  headers: http.IncomingHttpHeaders,
  publicKey: string,
): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error("signed with another VAPID key");
  const [header, claims, signature] = token!.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
  };
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  return JSON.parse(Buffer.from(claims!, "base64url").toString("utf8")) as { aud: string; sub: string; exp: number };
}
