import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// A passkey authenticator in software, for tests of the WebAuthn ceremonies
// (lib/auth/passkeys.ts): a P-256 key pair per credential, "none" attestation,
// and the JSON a browser's @simplewebauthn/browser would send back. Each
// answer can be bent (another origin or relying party, no user verification,
// a counter that does not move) to check that the server refuses it.

type CborValue = number | string | Uint8Array | CborValue[] | CborMap | { [key: string]: CborValue };
type CborMap = Map<CborValue, CborValue>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** Just enough CBOR (RFC 8949) for attestation objects and COSE keys. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type Bend = { origin?: string; rpId?: string; userVerified?: boolean; counter?: number; challenge?: string };

export class SoftwarePasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: "jwk" }) as { x: string; y: string };
    this.publicJwk = jwk;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    return cbor(
      new Map<CborValue, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, "base64url")],
        [-3, Buffer.from(this.publicJwk.y, "base64url")],
      ]),
    );
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: bend.origin ?? this.origin, crossOrigin: false }));
  }

  private flags(bend: Bend, extra = 0): number {
    return UP | (bend.userVerified === false ? 0 : UV) | extra;
  }

  private counterBytes(counter: number): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(counter);
    return out;
  }

  /** What navigator.credentials.create() answers to registration `options` (its challenge). */
  register(options: { challenge: string }, bend: Bend = {}) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? this.rpId),
      Buffer.from([this.flags(bend, AT)]),
      this.counterBytes(bend.counter ?? this.counter),
      Buffer.alloc(16), // aaguid: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", bend.challenge ?? options.challenge, bend)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** What navigator.credentials.get() answers to authentication `options`; the counter moves on by one. */
  authenticate(options: { challenge: string }, bend: Bend = {}, userHandle?: string) {
    if (bend.counter === undefined) this.counter += 1;
    const authData = Buffer.concat([
      sha256(bend.rpId ?? this.rpId),
      Buffer.from([this.flags(bend)]),
      this.counterBytes(bend.counter ?? this.counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", bend.challenge ?? options.challenge, bend);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
    };
  }
}
