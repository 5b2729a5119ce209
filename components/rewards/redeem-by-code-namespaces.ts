/**
 * What RedeemByCodeForm translates, for the pages that show it (their
 * client-namespaces.ts; docs/i18n.md, "Catalogs").
 */
export const REDEEM_BY_CODE_NAMESPACES = [
  // The form and its schema (lib/validation/rewards.ts).
  "rewards.redeem",
  "rewards.validation",
  "rewards.errors",
  // CounterLocationSelect, the counter's location picker.
  "workLocations.counter",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
