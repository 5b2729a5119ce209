// Which clock a date or time is shown on (docs/i18n.md, "Time zones"). Every
// time an owner, staff member or customer of a business reads is on that
// business's clock, never the server's: every page, mail, push text and pass
// asks here for the zone and formats with formatInstantIn (lib/i18n/dates.ts),
// which cannot format without one.

/** The zone a business's dates and times are shown in: its own. */
export function displayZone(businessZone: string): string {
  return businessZone;
}

/**
 * The zone of views tied to no business (account settings, admin): people have
 * no zone of their own, so these show UTC and say so next to the times.
 */
export const ACCOUNT_ZONE = "UTC";
