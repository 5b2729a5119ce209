// Messages that travel as catalog keys (docs/i18n.md, "Server actions, the JSON
// API and emails"). A zod schema, a domain rule or an action writes the key of
// its message ("validation.emailInvalid", "errors.signedOut"); whoever shows it
// translates it in the reader's language: the action builder and the route
// handlers on the server, useMessageText in a client form. A message that is not
// a key of the catalog (an English sentence from older code, a value already
// translated) is shown as it is, so translating twice is harmless.
// No server-only or next-intl import: the server and the client both use it.

/** What translateMessage needs of next-intl's `t`: whether it has a key, and its text. */
export type KeyTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/**
 * A message key with values for its ICU arguments, as one string a zod issue or a
 * failure can carry: `messageKey("validation.tooLong", { max: 100 })` →
 * "validation.tooLong?max=100". Without values it is the key itself.
 */
export function messageKey(key: string, values?: Record<string, string | number>): string {
  if (!values || Object.keys(values).length === 0) return key;
  return `${key}?${new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]))}`;
}

function parseKey(message: string): { key: string; values: Record<string, string | number> } {
  const at = message.indexOf("?");
  if (at < 0) return { key: message, values: {} };
  const values: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(message.slice(at + 1))) {
    values[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return { key: message.slice(0, at), values };
}

/** The key's text in the translator's language, or the message itself when it is no key. */
export function translateMessage(t: KeyTranslator, message: string): string {
  if (message.length === 0 || /\s/.test(message)) return message;
  const { key, values } = parseKey(message);
  return t.has(key) ? t(key, values) : message;
}

type Failure = { ok: false; error?: unknown; message?: unknown; fieldErrors?: unknown };

function isFailure(value: unknown): value is Failure {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}

/**
 * A failed action's or handler's answer with its messages (`error`, `message`, every
 * field error) translated; any other value comes back unchanged.
 */
export function translateFailure<T>(t: KeyTranslator, result: T): T {
  if (!isFailure(result)) return result;
  const translated: Record<string, unknown> = { ...result };
  for (const key of ["error", "message"] as const) {
    const value = result[key];
    if (typeof value === "string") translated[key] = translateMessage(t, value);
  }
  if (result.fieldErrors && typeof result.fieldErrors === "object") {
    translated.fieldErrors = Object.fromEntries(
      Object.entries(result.fieldErrors as Record<string, unknown>).map(([field, message]) => [
        field,
        typeof message === "string" ? translateMessage(t, message) : message,
      ]),
    );
  }
  return translated as T;
}
