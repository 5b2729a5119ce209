"use client";

import { useTranslations } from "next-intl";
import type { KeyTranslator } from "@/lib/i18n/message";

/**
 * A client component's translator of messages (lib/i18n/message.ts), over the
 * namespaces its page sent (ClientMessages); a key it did not send shows as the key.
 */
export function useKeyTranslator(): KeyTranslator {
  // next-intl types `t` against the app's catalog; a KeyTranslator takes any
  // dotted path (a message's key is only known when it arrives).
  return useTranslations() as unknown as KeyTranslator;
}
