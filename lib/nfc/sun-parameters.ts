// The URL parameters of a secure tag's SUN message, in one place: the SUN
// check reads them, the tap request schema validates them, and
// next.config.ts's visitor rewrite sends a link carrying any of them to the
// dynamic /tap page, where it is verified.
export const SUN_PARAMETER_NAMES = ["picc_data", "enc", "cmac", "uid", "ctr"] as const;
export type SunParameterName = (typeof SUN_PARAMETER_NAMES)[number];
