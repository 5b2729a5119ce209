/**
 * The staff page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // InviteStaffForm, RevokeButton.
  "staff",
  // StaffLocations and the invite's location choice (lib/validation/staff.ts).
  "workLocations",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
