/**
 * A customer's card's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // Its buttons, RefundForm, ReadyRewards, AdjustmentForm and its schema (lib/validation/customer-card.ts).
  "customerCard",
  // RecordVisitButton and VisitResult, the visit's answer it shares with the QR page.
  "qr.owner",
  // VisitResult: the engine's lines (lib/loyalty/lines.ts), keys built on the server.
  "programs.progress",
  "programs.visit",
  "programs.offer",
  // The program rules' checks the adjustment form reaches (lib/loyalty/rules.ts).
  "programEditor.rules",
  // CounterLocation, the counter's location picker.
  "workLocations.counter",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
