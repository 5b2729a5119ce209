/**
 * The review queue's client components (docs/review-queue.md; the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // ReviewSettingsForm, HeldVisitActions.
  "review",
] as const;
