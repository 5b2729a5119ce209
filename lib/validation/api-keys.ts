import { z } from "zod";
import { API_KEY_SCOPES } from "@/lib/api-keys/scopes";
import { idString, singleLineText } from "@/lib/validation/text";

// Inputs of the owner's API keys page (docs/api.md, "Keys"); shared by the
// form and the server actions. Messages are catalog keys (messages/*/apiKeys.json).

export const API_KEY_NOT_FOUND_MESSAGE = "apiKeys.errors.notFound";

const businessId = idString(API_KEY_NOT_FOUND_MESSAGE);

export const createApiKeySchema = z.object({
  businessId,
  name: singleLineText({ error: "apiKeys.errors.nameRequired" })
    .trim()
    .min(1, "apiKeys.errors.nameRequired")
    .max(80, "validation.tooLong"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "apiKeys.errors.scopeRequired" }), { error: "apiKeys.errors.scopeRequired" })
    .min(1, "apiKeys.errors.scopeRequired")
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ businessId, keyId: idString(API_KEY_NOT_FOUND_MESSAGE) });
