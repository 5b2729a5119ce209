/**
 * The webhooks page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // RegisterWebhookForm, EndpointControls, ResendButton.
  "webhooks",
] as const;
