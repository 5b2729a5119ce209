// The one form of a message to a reader (docs/i18n.md, "Messages"): a catalog
// key and the values of its ICU arguments, `{ key: "validation.tooLong", values:
// { max: 100 } }`. Domain code, schemas and actions write descriptors; whoever
// shows one translates it in the reader's language: the action builder and the
// route handlers on the server, a client form through useKeyTranslator. The
// engine's lines (lib/loyalty/lines.ts) are messages too.
// No server-only or next-intl import: the server and the client both use it.

/** ICU values of a message: counts stay numbers so each language formats and pluralises them. */
export type MessageValues = Record<string, string | number>;

/** A catalog namespace: one file of messages/<locale>/. */
export type MessageNamespace =
  | "admin"
  | "api"
  | "apiKeys"
  | "appleWallet"
  | "automations"
  | "auth"
  | "campaigns"
  | "card"
  | "categories"
  | "common"
  | "customerCard"
  | "customers"
  | "dashboard"
  | "email"
  | "errors"
  | "googleWallet"
  | "insights"
  // Closed for a season and deleting a business (docs/business-lifecycle.md).
  | "lifecycle"
  // A business's locations (docs/locations.md).
  | "locations"
  // What owners and the public read per location (docs/locations.md, "What owners and customers see").
  | "locationViews"
  | "mail"
  // Outreach: the frame of a campaign's message and its unsubscribe (docs/campaigns.md).
  | "outreach"
  | "programEditor"
  | "programs"
  | "push"
  | "qr"
  // The review queue of held visits and its hold rules (docs/review-queue.md).
  | "review"
  | "rewards"
  | "settings"
  | "site"
  | "staff"
  | "tags"
  | "tap"
  | "unsubscribe"
  | "validation"
  | "webhooks"
  | "wizard"
  // Where staff work and where the counter works (docs/locations.md, "Staff", "The counter").
  | "workLocations";

/** A full dotted catalog path ("validation.emailInvalid"). */
export type MessageKey = `${MessageNamespace}.${string}`;

/** A message: its catalog key and the values of the key's ICU arguments. */
export type Message<K extends MessageKey = MessageKey> = { key: K; values?: MessageValues };

/** Where a message or text already in the reader's language may stand (a lib/db answer, a name). */
export type MessageOrText = Message | string;

/** `message("validation.tooLong", { max: 100 })`. */
export function message<K extends MessageKey>(key: K, values?: MessageValues): Message<K> {
  return values && Object.keys(values).length > 0 ? { key, values } : { key };
}

/** True for a message descriptor (a JSON body or a result may carry one among plain values). */
export function isMessage(value: unknown): value is Message {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { key?: unknown }).key === "string" &&
    Object.keys(value).every((name) => name === "key" || name === "values")
  );
}

/**
 * What translating needs of next-intl's `t`: whether it has a key, and its text.
 * Get one from getKeyTranslator (server), useKeyTranslator (client) or
 * catalogKeyTranslator (a catalog in hand).
 */
export type KeyTranslator = {
  (key: string, values?: MessageValues): string;
  has(key: string): boolean;
};

/**
 * The message's text in the translator's language. A key the catalog does not
 * have shows as the key (an older stored answer, a namespace a client page did
 * not send), which the tests see. A plain string is either a catalog key without
 * values (what lib/db still answers with) or text already in the reader's
 * language (a server answer, a business's name), shown as it is.
 */
export function translateMessage(t: KeyTranslator, shown: MessageOrText): string {
  if (typeof shown !== "string") return t.has(shown.key) ? t(shown.key, shown.values) : shown.key;
  if (shown.length === 0 || /\s/.test(shown)) return shown;
  return t.has(shown) ? t(shown) : shown;
}

/** A message that reached its reader: a descriptor's place holds its text. */
type Text<T> = T extends Message ? Exclude<T, Message> | string : T;

/** Field errors after translation (an absent record stays absent). */
type TextRecord<T> = T extends object ? { [F in keyof T]: Text<T[F]> } : T;

/** An answer after translateAnswer: `error`, `message` and every field error are text. */
export type Translated<R> = R extends object
  ? {
      [K in keyof R]: K extends "error" | "message" ? Text<R[K]> : K extends "fieldErrors" ? TextRecord<R[K]> : R[K];
    }
  : R;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An action's or handler's answer with its messages (`error`, `message`, every
 * field error) in the translator's language. Descriptors are translated in any
 * answer; plain strings only in a failure (`ok: false`), where they are keys.
 */
export function translateAnswer<T>(t: KeyTranslator, answer: T): Translated<T> {
  if (!hasMessages(answer)) return answer as Translated<T>;
  const failed = answer.ok === false;
  const text = (value: unknown) =>
    isMessage(value) || (failed && typeof value === "string") ? translateMessage(t, value) : value;
  const translated: Record<string, unknown> = { ...answer };
  for (const name of ["error", "message"] as const) if (name in answer) translated[name] = text(answer[name]);
  if (isRecord(answer.fieldErrors)) {
    translated.fieldErrors = Object.fromEntries(
      Object.entries(answer.fieldErrors).map(([field, value]) => [field, text(value)]),
    );
  }
  return translated as Translated<T>;
}

/** True when translateAnswer has something to do: a failure, or a descriptor among the answer's messages. */
export function hasMessages(answer: unknown): answer is Record<string, unknown> {
  if (!isRecord(answer)) return false;
  return answer.ok === false || isMessage(answer.error) || isMessage(answer.message);
}
