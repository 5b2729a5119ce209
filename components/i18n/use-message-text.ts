"use client";

import { useTranslations } from "next-intl";
import { translateMessage, type KeyTranslator } from "@/lib/i18n/message-key";

/**
 * A client form's way to show a message that may be a catalog key (a zod schema's
 * "validation.…" key from zodResolver, or a server answer already translated): the
 * same text the server would send. The page gives the form the namespaces of its keys
 * (ClientMessages); a key it did not give is shown as the key, which the e2e tests see.
 */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const t = useTranslations() as unknown as KeyTranslator;
  return (message) => (message === undefined ? undefined : translateMessage(t, message));
}
