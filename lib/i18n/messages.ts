import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { keptPerKey } from "./kept-per-key";
import type { Locale } from "./locales";

/** A locale's catalog: one namespace per file of messages/<locale>/, each a tree of ICU messages. */
export type Messages = Record<string, Record<string, unknown>>;

const MESSAGES_DIR = path.join(process.cwd(), "messages");

// A namespace is the file's name, so it must be a plain identifier ("common", "programEditor").
const NAMESPACE_FILE = /^([a-z][a-zA-Z0-9-]*)\.json$/;

async function readCatalog(locale: Locale): Promise<Messages> {
  const dir = path.join(MESSAGES_DIR, locale);
  const files = (await readdir(dir)).filter((file) => NAMESPACE_FILE.test(file)).sort();
  const messages: Messages = {};
  for (const file of files) {
    const namespace = NAMESPACE_FILE.exec(file)![1]!;
    const parsed: unknown = JSON.parse(await readFile(path.join(dir, file), "utf8"));
    // A catalog file that is not an object of messages is a bug to see at once, not an empty namespace.
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new Error(`messages/${locale}/${file} must hold a JSON object`);
    messages[namespace] = parsed as Record<string, unknown>;
  }
  return messages;
}

/** The merged catalog of one locale: every messages/<locale>/*.json, keyed by file name, read once per process. */
export const loadMessages = keptPerKey(readCatalog);

/**
 * Only the namespaces a client component needs, so the rest of the catalog stays on the
 * server. A dotted name ("tap.result") sends that part of a namespace only.
 */
export function pickNamespaces(messages: Messages, namespaces: readonly string[]): Messages {
  const picked: Messages = {};
  for (const name of namespaces) {
    const [namespace, ...path] = name.split(".");
    let value: unknown = messages[namespace!];
    for (const key of path)
      value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined) continue;
    if (path.length === 0) {
      picked[namespace!] = value as Record<string, unknown>;
      continue;
    }
    // Rebuild the path down to the part asked for, beside anything already picked of the namespace.
    let target = (picked[namespace!] ??= {}) as Record<string, unknown>;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
  }
  return picked;
}

/** pickNamespaces of the locale's catalog as JSON text, built once per locale and namespaces. */
export const clientMessagesJson = keptPerKey(
  async (locale: Locale, namespaces: readonly string[]) =>
    JSON.stringify(pickNamespaces(await loadMessages(locale), namespaces)),
  (locale, namespaces) => `${locale}:${namespaces.join(",")}`,
);
