import { reopeningValues, type Closure } from "@/lib/business/season-pause";
import { message, type Message } from "@/lib/i18n/message";

// What a business closed for the season says (docs/business-lifecycle.md), as
// messages (lib/i18n/message.ts) each reader gets in their language: the
// reopening day as its day and month, which the catalog writes out.

type Voice = "customer" | "counter" | "wallet";

const KEYS = {
  customer: { until: "lifecycle.closed.until", open: "lifecycle.closed.indefinitely" },
  counter: { until: "lifecycle.closed.counterUntil", open: "lifecycle.closed.counterIndefinitely" },
  wallet: { until: "lifecycle.closed.walletUntil", open: "lifecycle.closed.walletIndefinitely" },
} as const;

/**
 * "<Business> is closed for the season until 1 March. Your card is safe." to a
 * customer who taps; the counter's (staff, the API) says what does not count;
 * the wallet's is the card's short line ("Closed until 1 March").
 */
export function closedMessage(voice: Voice, business: string, closure: Closure): Message {
  const keys = KEYS[voice];
  return closure.until
    ? message(keys.until, { business, ...reopeningValues(closure.until) })
    : message(keys.open, { business });
}
