import { generateKeyPairSync, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, jwtVerify } from "jose";

// A stand-in for Google on loopback: the OAuth token endpoint (it checks the
// service account's signed assertion with the account's public key, as Google
// does) and the Wallet REST API's loyalty classes and objects, kept in memory.
// `save(jwt)` plays the customer finishing "Add to Google Wallet" on Google's
// page: the classes and objects of the save link are stored.

export type WalletRequest = { method: string; path: string; body: unknown };

export type GoogleWalletService = {
  origin: string;
  /** What the product's config points at: GOOGLE_WALLET_API_URL, GOOGLE_WALLET_TOKEN_URL. */
  apiUrl: string;
  tokenUrl: string;
  /** Every API request (the token endpoint's are counted in tokenRequests). */
  requests: WalletRequest[];
  tokenRequests: number;
  classes: Map<string, Record<string, unknown>>;
  objects: Map<string, Record<string, unknown>>;
  /** The PATCHes of one object. */
  patchesOf(objectId: string): Record<string, unknown>[];
  /** The customer saves the card of a save link's JWT. */
  save(jwt: string): void;
  /** Every API request answers this status from now on (null: back to normal). */
  failWith(status: number | null): void;
  close(): Promise<void>;
};

/** A service account's key pair, as in its JSON key file. */
export function serviceAccountKey(): { privateKeyPem: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicKey };
}

export async function startGoogleWalletService(account: {
  email: string;
  publicKey: KeyObject;
}): Promise<GoogleWalletService> {
  const requests: WalletRequest[] = [];
  const classes = new Map<string, Record<string, unknown>>();
  const objects = new Map<string, Record<string, unknown>>();
  const issued = new Set<string>();
  let failure: number | null = null;
  let origin = "";
  const service = { tokenRequests: 0 };

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };

  async function token(body: string, response: http.ServerResponse) {
    service.tokenRequests++;
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
      return answer(response, 400, { error: "unsupported_grant_type" });
    try {
      const { payload } = await jwtVerify(form.get("assertion") ?? "", account.publicKey, {
        issuer: account.email,
        audience: `${origin}/token`,
        algorithms: ["RS256"],
      });
      if (payload.scope !== "https://www.googleapis.com/auth/wallet_object.issuer")
        return answer(response, 400, { error: "invalid_scope" });
    } catch {
      return answer(response, 400, { error: "invalid_grant" });
    }
    const accessToken = `stand-in-token-${service.tokenRequests}`;
    issued.add(accessToken);
    answer(response, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
  }

  function api(method: string, path: string, body: unknown, response: http.ServerResponse) {
    const record = body as Record<string, unknown>;
    const objectPath = /^\/walletobjects\/v1\/loyaltyObject\/([^/]+)$/.exec(path);
    const classPath = /^\/walletobjects\/v1\/loyaltyClass\/([^/]+)$/.exec(path);
    if (classPath && (method === "PATCH" || method === "GET")) {
      const id = decodeURIComponent(classPath[1]!);
      const stored = classes.get(id);
      if (!stored) return answer(response, 404, { error: { code: 404, message: "not found" } });
      if (method === "PATCH") classes.set(id, { ...stored, ...record });
      return answer(response, 200, classes.get(id));
    }
    if (method === "POST" && path === "/walletobjects/v1/loyaltyClass") {
      const id = String(record.id);
      if (classes.has(id)) return answer(response, 409, { error: { code: 409, message: "exists" } });
      classes.set(id, record);
      return answer(response, 200, record);
    }
    if (method === "POST" && path === "/walletobjects/v1/loyaltyObject") {
      const id = String(record.id);
      if (!classes.has(String(record.classId)))
        return answer(response, 404, { error: { code: 404, message: "class not found" } });
      if (objects.has(id)) return answer(response, 409, { error: { code: 409, message: "exists" } });
      objects.set(id, record);
      return answer(response, 200, record);
    }
    // A message on an object (a campaign's): kept in the object's `messages`, refused twice by id.
    const messagePath = /^\/walletobjects\/v1\/loyaltyObject\/([^/]+)\/addMessage$/.exec(path);
    if (messagePath && method === "POST") {
      const id = decodeURIComponent(messagePath[1]!);
      const stored = objects.get(id);
      if (!stored) return answer(response, 404, { error: { code: 404, message: "not found" } });
      const message = (record?.message ?? {}) as Record<string, unknown>;
      const messages = (stored.messages ?? []) as Record<string, unknown>[];
      if (messages.some((m) => m.id === message.id))
        return answer(response, 409, { error: { code: 409, message: "message exists" } });
      objects.set(id, { ...stored, messages: [...messages, message] });
      return answer(response, 200, { resource: objects.get(id) });
    }
    if (objectPath && (method === "PATCH" || method === "GET")) {
      const id = decodeURIComponent(objectPath[1]!);
      const stored = objects.get(id);
      if (!stored) return answer(response, 404, { error: { code: 404, message: "not found" } });
      if (method === "PATCH") objects.set(id, { ...stored, ...record });
      return answer(response, 200, objects.get(id));
    }
    answer(response, 404, { error: { code: 404, message: "no such method" } });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const path = request.url ?? "/";
      const method = request.method ?? "GET";
      if (method === "POST" && path === "/token") return void token(text, response);
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        return answer(response, 400, { error: { code: 400, message: "malformed JSON" } });
      }
      requests.push({ method, path, body });
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!bearer || !issued.has(bearer)) return answer(response, 401, { error: { code: 401 } });
      if (failure !== null) return answer(response, failure, { error: { code: failure } });
      api(method, path, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    apiUrl: `${origin}/walletobjects/v1`,
    tokenUrl: `${origin}/token`,
    requests,
    get tokenRequests() {
      return service.tokenRequests;
    },
    classes,
    objects,
    patchesOf: (objectId) =>
      requests
        .filter(
          (r) => r.method === "PATCH" && r.path === `/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`,
        )
        .map((r) => r.body as Record<string, unknown>),
    save(jwt) {
      const { payload } = decodeJwt(jwt) as {
        payload: { loyaltyClasses?: { id: string }[]; loyaltyObjects: { id: string }[] };
      };
      for (const loyaltyClass of payload.loyaltyClasses ?? [])
        if (!classes.has(loyaltyClass.id)) classes.set(loyaltyClass.id, loyaltyClass);
      for (const object of payload.loyaltyObjects) if (!objects.has(object.id)) objects.set(object.id, object);
    },
    failWith(status) {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Google Wallet settings for a test server: a fresh service account key, and
 * Google's endpoints on a loopback port nothing listens on (or a stand-in's),
 * so no test ever reaches Google.
 */
export function googleWalletTestEnv(endpoints?: { apiUrl: string; tokenUrl: string }): Record<string, string> {
  const { privateKeyPem } = serviceAccountKey();
  return {
    GOOGLE_WALLET_ISSUER_ID: "3388000000022299999",
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet@loyaltap-test.iam.gserviceaccount.com",
    GOOGLE_WALLET_PRIVATE_KEY: privateKeyPem,
    GOOGLE_WALLET_API_URL: endpoints?.apiUrl ?? "http://127.0.0.1:9/walletobjects/v1",
    GOOGLE_WALLET_TOKEN_URL: endpoints?.tokenUrl ?? "http://127.0.0.1:9/token",
  };
}

/**
 * A Google Wallet issuer of a test file: its service account's key pair, the
 * stand-in to start for it, and the settings that point the product at that
 * stand-in (GOOGLE_WALLET_*).
 */
export function testGoogleIssuer(issuerId: string, email: string) {
  const key = serviceAccountKey();
  return {
    issuerId,
    email,
    key,
    start: () => startGoogleWalletService({ email, publicKey: key.publicKey }),
    env: (service: GoogleWalletService) => ({
      GOOGLE_WALLET_ISSUER_ID: issuerId,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: email,
      GOOGLE_WALLET_PRIVATE_KEY: key.privateKeyPem,
      GOOGLE_WALLET_API_URL: service.apiUrl,
      GOOGLE_WALLET_TOKEN_URL: service.tokenUrl,
    }),
  };
}
