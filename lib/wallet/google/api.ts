import "server-only";
import { SignJWT } from "jose";
import type { GoogleWalletConfig } from "@/lib/wallet/google/config";
import { rsaPrivateKeyOf } from "@/lib/wallet/google/keys";
import type { LoyaltyClass, LoyaltyObject } from "@/lib/wallet/google/objects";

// The Google Wallet REST API (walletobjects v1), as far as Loyaltap uses it:
// insert a class, insert an object, patch an object. Called with an OAuth
// access token the service account obtains by a signed assertion (RFC 7523),
// kept until shortly before it expires. The same code reaches Google over
// https and the tests' stand-in on loopback (GOOGLE_WALLET_API_URL,
// GOOGLE_WALLET_TOKEN_URL).

/** The scope of the issuer's own classes and objects. */
export const WALLET_SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const TIMEOUT_MS = 15_000;
/** A token is renewed this long before Google says it expires. */
const RENEW_BEFORE_MS = 60_000;

/** Google refused a request. The message names the call and the status only, never a token or a key. */
export class GoogleWalletApiError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`Google Wallet ${what} answered ${status}`);
    this.name = "GoogleWalletApiError";
  }
}

export interface GoogleWalletApi {
  /** Changes the given fields of an object; "not_found" when Google has no such object. */
  patchObject(objectId: string, fields: Partial<LoyaltyObject>): Promise<"patched" | "not_found">;
  /** "exists" when the object was already there (409). */
  insertObject(object: LoyaltyObject): Promise<"inserted" | "exists">;
  /** "exists" when the class was already there (409). */
  insertClass(loyaltyClass: LoyaltyClass): Promise<"inserted" | "exists">;
  /** Changes the given fields of a class; "not_found" when Google has no such class. */
  patchClass(classId: string, fields: Partial<LoyaltyClass>): Promise<"patched" | "not_found">;
  /**
   * Adds a message to an object, shown on the card and, as TEXT_AND_NOTIFY, as
   * a notification on the phone (a campaign's message, docs/campaigns.md).
   * Adding a message with an id already there is refused (409): "exists".
   */
  addMessage(objectId: string, message: WalletMessage): Promise<"added" | "exists" | "not_found">;
}

/** A message on a loyalty object (walletobjects v1 Message). */
export type WalletMessage = { id: string; header: string; body: string; messageType: "TEXT_AND_NOTIFY" };

type CachedToken = { token: string; expiresAt: number };
const tokens = new Map<string, Promise<CachedToken>>();

/** Drops every cached access token (a 401 from the API, and tests). */
export function forgetAccessTokens(): void {
  tokens.clear();
}

async function fetchAccessToken(config: GoogleWalletConfig): Promise<CachedToken> {
  const key = rsaPrivateKeyOf(config.privateKeyPem);
  if (!key) throw new Error("GOOGLE_WALLET_PRIVATE_KEY is not an RSA private key");
  const assertion = await new SignJWT({ scope: WALLET_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(config.serviceAccountEmail)
    .setAudience(config.tokenUrl)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
  const response = await fetch(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!response.ok || typeof body?.access_token !== "string")
    throw new GoogleWalletApiError(response.status, "token request");
  const lifetime = typeof body.expires_in === "number" ? body.expires_in : 3600;
  return { token: body.access_token, expiresAt: Date.now() + lifetime * 1000 - RENEW_BEFORE_MS };
}

/** An access token for the service account: the cached one while it is valid, else a new one (one request at a time). */
export async function accessToken(config: GoogleWalletConfig): Promise<string> {
  const cacheKey = `${config.tokenUrl}\u0000${config.serviceAccountEmail}`;
  const cached = tokens.get(cacheKey);
  if (cached) {
    const token = await cached.catch(() => null);
    if (token && token.expiresAt > Date.now()) return token.token;
    if (tokens.get(cacheKey) === cached) tokens.delete(cacheKey);
  }
  let pending = tokens.get(cacheKey);
  if (!pending) {
    pending = fetchAccessToken(config);
    tokens.set(cacheKey, pending);
    // A failed request is not kept: the next call asks again.
    pending.catch(() => {
      if (tokens.get(cacheKey) === pending) tokens.delete(cacheKey);
    });
  }
  return (await pending).token;
}

/** The product's client: fetch with the service account's access token. */
export class RestGoogleWalletApi implements GoogleWalletApi {
  constructor(private readonly config: GoogleWalletConfig) {}

  private async request(method: string, path: string, body: unknown, what: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken(this.config)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
        redirect: "error",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The answer (the resource) is not needed, but is read so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      // A token Google no longer takes (revoked, clock skew): a new one, once.
      if (response.status === 401 && attempt === 0) {
        forgetAccessTokens();
        continue;
      }
      if (response.ok || response.status === 404 || response.status === 409) return response.status;
      throw new GoogleWalletApiError(response.status, what);
    }
  }

  async patchObject(objectId: string, fields: Partial<LoyaltyObject>) {
    const status = await this.request(
      "PATCH",
      `/loyaltyObject/${encodeURIComponent(objectId)}`,
      fields,
      "PATCH loyaltyObject",
    );
    if (status === 409) throw new GoogleWalletApiError(status, "PATCH loyaltyObject");
    return status === 404 ? ("not_found" as const) : ("patched" as const);
  }

  async insertObject(object: LoyaltyObject) {
    const status = await this.request("POST", "/loyaltyObject", object, "insert loyaltyObject");
    if (status === 404) throw new GoogleWalletApiError(status, "insert loyaltyObject");
    return status === 409 ? ("exists" as const) : ("inserted" as const);
  }

  async patchClass(classId: string, fields: Partial<LoyaltyClass>) {
    const status = await this.request(
      "PATCH",
      `/loyaltyClass/${encodeURIComponent(classId)}`,
      fields,
      "PATCH loyaltyClass",
    );
    if (status === 409) throw new GoogleWalletApiError(status, "PATCH loyaltyClass");
    return status === 404 ? ("not_found" as const) : ("patched" as const);
  }

  async addMessage(objectId: string, message: WalletMessage) {
    const status = await this.request(
      "POST",
      `/loyaltyObject/${encodeURIComponent(objectId)}/addMessage`,
      { message },
      "addMessage loyaltyObject",
    );
    return status === 404 ? ("not_found" as const) : status === 409 ? ("exists" as const) : ("added" as const);
  }

  async insertClass(loyaltyClass: LoyaltyClass) {
    const status = await this.request("POST", "/loyaltyClass", loyaltyClass, "insert loyaltyClass");
    if (status === 404) throw new GoogleWalletApiError(status, "insert loyaltyClass");
    return status === 409 ? ("exists" as const) : ("inserted" as const);
  }
}

/**
 * Puts the card's current content on Google: the object is patched; one
 * Google does not have yet (the customer opened the save link but never
 * finished) is inserted, with its class first when the business has none.
 * Patching the same content twice is harmless, so a job may run again.
 */
export async function saveLoyaltyObject(
  api: GoogleWalletApi,
  loyaltyClass: LoyaltyClass,
  object: LoyaltyObject,
): Promise<"patched" | "inserted"> {
  if ((await api.patchObject(object.id, object)) === "patched") return "patched";
  await api.insertClass(loyaltyClass);
  if ((await api.insertObject(object)) === "inserted") return "inserted";
  // Inserted meanwhile (the customer's save landed between the two calls): patch it.
  if ((await api.patchObject(object.id, object)) === "patched") return "patched";
  throw new GoogleWalletApiError(404, "PATCH loyaltyObject");
}
