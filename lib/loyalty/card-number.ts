// A card's number (the member number): what a wallet pass shows as the account
// and what the owner's customer list shows for a guest, who has no name
// (docs/authentication.md, "Guests"). Pure.

/** A short member number for the card (Google shows about 20 characters): the random end of the membership id. */
export function cardNumberFor(membershipId: string): string {
  const compact = membershipId.replace(/[^A-Za-z0-9]/g, "");
  return compact.slice(-12).toUpperCase();
}
