/**
 * The automations page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // AutomationForm, its switches and its input checks (lib/campaigns/automations/input.ts).
  "automations",
  "dashboard.business.notFound",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
