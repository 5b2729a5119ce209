// What an API key may do (docs/api.md, "Scopes"): read customers, rewards and
// programs; record visits (and purchases); redeem rewards and undo. Pure and
// free of Node modules: the owner's form shows them.

export const API_KEY_SCOPES = ["read", "visits", "redeem"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
