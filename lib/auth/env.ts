import "server-only";
import { defineSettings, flag, settingsReader, text, url, wholeNumber, withDefault } from "@/lib/env";
import { relyingPartyProblem } from "@/lib/auth/relying-party";

/**
 * The site's public origin (SITE_URL, else AUTH_URL, as lib/site.ts reads them)
 * is the passkeys' relying party (docs/authentication.md, "Passkeys"): a
 * passkey saved under one origin never works under another, so a value that
 * cannot serve WebAuthn is refused at start rather than at the first passkey.
 */
export function siteOriginProblems(values: { SITE_URL?: unknown; AUTH_URL?: unknown }): string[] {
  const name = values.SITE_URL !== undefined ? "SITE_URL" : values.AUTH_URL !== undefined ? "AUTH_URL" : null;
  if (!name) return [];
  const problem = relyingPartyProblem(String(values[name]));
  return problem ? [`${name} ${problem}`] : [];
}

export const authSettings = defineSettings({
  schema: {
    // Sessions and the public origin (docs/authentication.md).
    AUTH_SECRET: text(),
    AUTH_URL: url(["https:", "http:"], "https://loyaltap.example"),
    SITE_URL: url(["https:", "http:"], "https://loyaltap.example"),
    AUTH_GOOGLE_ID: text(),
    AUTH_GOOGLE_SECRET: text(),

    // Accounts and taps.
    REGISTRATION_LIMIT_PER_HOUR: withDefault(wholeNumber(0), 20),
    // Guest cards started from a tag, per client address (docs/authentication.md, "Guests"); 0 turns each off.
    GUEST_CARD_LIMIT_PER_HOUR: withDefault(wholeNumber(0), 100),
    GUEST_CARD_LIMIT_PER_DAY: withDefault(wholeNumber(0), 300),
    /** Emailed sign-in links per address (email) and hour; 0 turns the limit off. */
    EMAIL_LINK_LIMIT_PER_EMAIL: withDefault(wholeNumber(0), 5),
    /** Emailed sign-in links per client address and hour, all emails together; 0 turns the limit off. */
    EMAIL_LINK_LIMIT_PER_IP: withDefault(wholeNumber(0), 30),
    REQUIRE_EMAIL_VERIFICATION: flag(),
  },
  check: siteOriginProblems,
});

/** This process's values of the settings above. */
export const authEnv = settingsReader(authSettings);
