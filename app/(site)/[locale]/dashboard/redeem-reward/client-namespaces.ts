/**
 * Redeeming by code (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // RedeemByCodeForm and its schema (lib/validation/rewards.ts).
  "rewards.redeem",
  "rewards.validation",
  "rewards.errors",
  // CounterLocation, the counter's location picker.
  "workLocations.counter",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
