"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage";
import { requestNow } from "@/lib/clock";
import { hitRateLimit } from "@/lib/rate-limit";
import { API_KEY_NOT_FOUND_MESSAGE, createApiKeySchema, revokeApiKeySchema } from "@/lib/validation/api-keys";

// The owner's API keys page (docs/api.md, "Keys"). Only the owner: a staff
// member (or anyone else) gets the same not-found as for a business that
// does not exist; lib/db/api-keys matches the owner again in every statement.

const NOT_FOUND = failure(API_KEY_NOT_FOUND_MESSAGE);
const KEYS_PER_HOUR = 30;

/** The new key's secret is in this answer and nowhere else: it is never stored or shown again. */
export type CreateApiKeyResult = ActionResult<{ key: string; prefix: string; name: string }>;

export const createApiKeyAction = action(
  {
    role: "owner",
    args: [createApiKeySchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<CreateApiKeyResult> => {
    if ((await hitRateLimit(`api-key-create:${user.id}`, 60 * 60 * 1000)) > KEYS_PER_HOUR)
      return failure("apiKeys.errors.tooMany");
    const now = requestNow(await headers());
    const created = await createApiKey(user.id, business!.id, { name: input.name, scopes: input.scopes }, now);
    if (!created) return NOT_FOUND;
    return { ok: true, key: created.key, prefix: created.row.prefix, name: created.row.name };
  },
);

export const revokeApiKeyAction = action(
  {
    role: "owner",
    args: [revokeApiKeySchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult> =>
    (await revokeApiKey(user.id, business!.id, input.keyId, requestNow(await headers())))
      ? { ok: true }
      : failure("apiKeys.errors.nothingToRevoke"),
);
