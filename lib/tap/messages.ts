import { message } from "@/lib/i18n/message";

// The messages a refused tap answers with (POST /api/tap and the tap page's
// recorder), as messages (lib/i18n/message.ts) each reader gets in their language.
export const LIMIT_REACHED_MESSAGE = message("api.tap.limitReached");
export const EMAIL_NOT_VERIFIED_MESSAGE = message("api.tap.emailNotVerified");
export const NOT_AUTHENTICATED_MESSAGE = message("api.tap.logInToRecord");
export const IN_PROGRESS_MESSAGE = message("api.tap.inProgress");
export const OWN_BUSINESS_MESSAGE = message("api.tap.ownBusiness");
export const NOT_CLAIMED_MESSAGE = message("api.tap.notClaimed");
export const INVALID_TAG_MESSAGE = message("api.tap.invalidTagId");
export const HELD_MESSAGE = message("api.tap.held");
