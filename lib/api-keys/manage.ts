import "server-only";
import {
  findLiveApiKey,
  insertApiKey,
  revokeApiKeyRow,
  touchApiKey,
  type ApiKeyCaller,
  type ApiKeyRow,
} from "@/lib/db/api-keys";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "@/lib/api-keys/secret";

// A business's API keys (docs/api.md, "Keys"): its owner creates one (the
// secret is in the answer and nowhere else, ever), sees them listed by their
// prefix, and revokes them; a request finds its key by the secret's hash.

export type CreatedApiKey = { key: string; row: ApiKeyRow };

/** A new key for the owner's business; null when the business is not theirs. */
export async function createApiKey(
  ownerId: string,
  businessId: string,
  input: { name: string; scopes: ApiKeyScope[] },
  now = new Date(),
): Promise<CreatedApiKey | null> {
  const { key, prefix, hash } = generateApiKey();
  const row = await insertApiKey(
    ownerId,
    businessId,
    { name: input.name, prefix, secretHash: hash, scopes: input.scopes },
    now,
  );
  return row ? { key, row } : null;
}

export async function revokeApiKey(ownerId: string, businessId: string, keyId: string, now = new Date()) {
  return revokeApiKeyRow(ownerId, businessId, keyId, now);
}

/**
 * The live key a request's secret belongs to, or null (malformed, unknown,
 * revoked, or its business withdrawn). Read from the database on every
 * request: a key revoked a moment ago is refused by the next one. Its last
 * use is written at most once a minute.
 */
export async function authenticateApiKey(secret: string, now: Date): Promise<ApiKeyCaller | null> {
  if (!looksLikeApiKey(secret)) return null;
  const caller = await findLiveApiKey(hashApiKey(secret));
  if (!caller) return null;
  if (!caller.lastUsedAt || now.getTime() - caller.lastUsedAt.getTime() >= 60_000) await touchApiKey(caller.id, now);
  return caller;
}
