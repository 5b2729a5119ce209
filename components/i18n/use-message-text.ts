"use client";

import { translateMessage, type Message } from "@/lib/i18n/message";
import { useKeyTranslator } from "./use-key-translator";

/**
 * A client form's way to show a message (lib/i18n/message.ts): a descriptor, a
 * catalog key, or a server answer already translated (shown as it is).
 */
export function useMessageText(): (shown: Message | string | undefined) => string | undefined {
  const t = useKeyTranslator();
  return (shown) => (shown === undefined ? undefined : translateMessage(t, shown));
}
