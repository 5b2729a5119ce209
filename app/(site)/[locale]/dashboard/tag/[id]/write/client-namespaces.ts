/**
 * Writing a tag (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // NfcWriter, StickerCheck.
  "tags.write",
  // CopyButton.
  "tags.copy",
] as const;
