// The messages a refused tap answers with (the tap page, POST /api/tap and a
// visit recorded from the QR page). No server-only import: the tap page's
// client island shows LIMIT_REACHED_MESSAGE when an answer arrives without one.
export const LIMIT_REACHED_MESSAGE = "You have reached the maximum number of taps allowed for today.";
export const EMAIL_NOT_VERIFIED_MESSAGE =
  "Confirm your email address to start earning rewards: open the link we sent you.";
