// How a person is named to someone else (the QR page, the owner redeeming
// their reward): first name and last initial, "Jordi V.", never the email or
// phone. Accounts without first and last names (an older sign-up, an external
// provider) fall back to the words of their display name, then to a neutral
// label. Pure, so client and server show the same thing.

export type NameParts = { firstName: string | null; lastName: string | null; name: string | null };

export const ANONYMOUS_DISPLAY_NAME = "Loyaltap member";

/** "Jordi V.": the first name and the last name's initial, upper-cased. */
export function displayName({ firstName, lastName, name }: NameParts): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = firstName?.trim() || words[0] || "";
  const last = lastName?.trim() || (firstName?.trim() ? "" : words.slice(1).join(" "));
  if (!first) return last ? `${last.charAt(0).toUpperCase()}.` : ANONYMOUS_DISPLAY_NAME;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}
