import "server-only";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { authSecret, useSecureCookies } from "@/lib/auth/cookies";
import { relyingPartyOf, type RelyingParty } from "@/lib/auth/relying-party";
import { GUEST_MERGE_FAILED, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import {
  challengeHash,
  challengeKey,
  CHALLENGE_TTL_MS,
  openChallenge,
  sealChallenge,
  type CeremonyPurpose,
  type Challenge,
} from "@/lib/auth/webauthn-challenge";
import {
  findPasskeyAccount,
  findPasskeyByCredentialId,
  insertPasskey,
  passkeyCredentials,
  recordPasskeyUse,
  spendChallenge,
} from "@/lib/db/passkeys";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { siteName, siteUrl } from "@/lib/site";
import type { AuthenticationResponseInput, RegistrationResponseInput } from "@/lib/validation/passkeys";

// Passkeys (docs/authentication.md, "Passkeys"): WebAuthn ceremonies with
// @simplewebauthn/server. The relying party is the site: its id is the hostname
// of SITE_URL and every answer must come from SITE_URL's origin. Each ceremony
// has one challenge, in a signed httpOnly cookie of the browser that asked
// (lib/auth/webauthn-challenge.ts), spent once in the database before the
// answer is verified. Every passkey must verify the user (a PIN, a fingerprint):
// it is the whole sign-in, not a second factor.

/** A cookie store: `await cookies()` in an action (tests pass a stand-in). */
export type CookieStore = {
  get: (name: string) => { value: string } | undefined;
  set: (name: string, value: string, options: object) => unknown;
};

export function relyingParty(): RelyingParty {
  return relyingPartyOf(siteUrl());
}

export function challengeCookieName(purpose: CeremonyPurpose): string {
  return `${useSecureCookies ? "__Secure-" : ""}loyaltap.passkey-${purpose}`;
}

function challengeCookieOptions(maxAgeSeconds: number) {
  // Strict: only our own pages' requests carry it; a ceremony never starts on another site.
  return { httpOnly: true, sameSite: "strict" as const, secure: useSecureCookies, path: "/", maxAge: maxAgeSeconds };
}

function keepChallenge(
  store: CookieStore,
  purpose: CeremonyPurpose,
  challenge: string,
  userId: string | null,
  now: Date,
): void {
  const sealed = sealChallenge({ purpose, challenge, userId }, now, challengeKey(authSecret()));
  store.set(challengeCookieName(purpose), sealed.value, challengeCookieOptions(CHALLENGE_TTL_MS / 1000));
}

/**
 * The ceremony's challenge from this browser's cookie, spent: null when there
 * is none, it is forged, expired, for another ceremony or account, or was
 * spent already (a replayed answer). The cookie is deleted either way.
 */
async function takeChallenge(
  store: CookieStore,
  purpose: CeremonyPurpose,
  userId: string | null,
  now: Date,
): Promise<Challenge | null> {
  const name = challengeCookieName(purpose);
  const opened = openChallenge(store.get(name)?.value, purpose, now, challengeKey(authSecret()));
  store.set(name, "", challengeCookieOptions(0));
  if (!opened || opened.userId !== userId) return null;
  return (await spendChallenge(challengeHash(opened.challenge), opened.expiresAt, now)) ? opened : null;
}

export type PasskeyFailureCode = "expired" | "failed" | "unknown_passkey" | "disabled" | "already_saved";

export type PasskeyFailure = { ok: false; code: PasskeyFailureCode; error: string };

const FAILURE_MESSAGES: Record<PasskeyFailureCode, string> = {
  expired: "auth.passkey.expired",
  failed: "auth.passkey.failed",
  unknown_passkey: "auth.passkey.unknown",
  disabled: "auth.passkey.disabled",
  already_saved: "auth.passkey.alreadySaved",
};

function refuse(code: PasskeyFailureCode): PasskeyFailure {
  return { ok: false, code, error: FAILURE_MESSAGES[code] };
}

/** A name for Settings' list from the browser that saved the passkey ("Chrome · Android"); the date tells them apart. */
export function passkeyName(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\//, "Opera"],
      [/SamsungBrowser\//, "Samsung Internet"],
      [/Firefox\//, "Firefox"],
      [/Chrom(e|ium)\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? null;
  const system =
    [
      [/Android/, "Android"],
      [/iPhone|iPad|iPod/, "iOS"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/Windows/, "Windows"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? null;
  return [browser, system].filter(Boolean).join(" · ") || "Passkey";
}

/**
 * The key types a passkey may have: Ed25519, P-256 and RSA, what phones and
 * password managers make. SimpleWebAuthn also offers ML-DSA-44 first where the
 * runtime has it (Node 24), and a browser that takes it makes a passkey whose
 * signature the server could not then check at sign-in: the person would be
 * locked out by the key they just saved.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/**
 * Options for saving a passkey to the signed-in account (a guest's included),
 * and this browser's challenge cookie bound to that account. The passkey is
 * discoverable (it signs in without an email) and must verify the user.
 */
export async function passkeyRegistrationOptions(
  user: { id: string },
  store: CookieStore,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const [account, existing] = await Promise.all([findPasskeyAccount(user.id), passkeyCredentials(user.id)]);
  // A guest has no email: the authenticator's account picker shows the product's name instead.
  const userName = account?.email ?? `${siteName} card`;
  const options = await generateRegistrationOptions({
    rpName: siteName,
    rpID: relyingParty().id,
    userName,
    userDisplayName: account?.name ?? userName,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  keepChallenge(store, "register", options.challenge, user.id, now);
  return options;
}

export type SavePasskeyResult = { ok: true; passkeyId: string; keptCard: boolean } | PasskeyFailure;

/**
 * Verifies the browser's answer to passkeyRegistrationOptions and stores the
 * passkey. A guest that saves one keeps its card: it becomes an account
 * (guest = false), still without email or password (`keptCard`).
 */
export async function savePasskey(
  user: { id: string },
  response: RegistrationResponseInput,
  store: CookieStore,
  now: Date,
  userAgent: string | null = null,
): Promise<SavePasskeyResult> {
  const challenge = await takeChallenge(store, "register", user.id, now);
  if (!challenge) return refuse("expired");
  const party = relyingParty();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch {
    return refuse("failed");
  }
  if (!verified.verified) return refuse("failed");
  const info = verified.registrationInfo;
  const account = await findPasskeyAccount(user.id);
  if (!account || account.disabledAt) return refuse("disabled");
  const saved = await insertPasskey(
    user.id,
    {
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? response.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: passkeyName(userAgent),
    },
    now,
  );
  if (!saved) return refuse("already_saved");
  return { ok: true, passkeyId: saved.id, keptCard: account.guest };
}

/**
 * Options for signing in with any passkey of this site (the browser offers
 * the ones it holds: a button, or the email field's autofill), and this
 * browser's challenge cookie. With `forUser`, only that account's passkeys,
 * to confirm a signed-in person is there.
 */
export async function passkeySignInOptions(
  store: CookieStore,
  now: Date,
  forUser: { id: string } | null = null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = forUser ? await passkeyCredentials(forUser.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: "required",
    allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    timeout: CHALLENGE_TTL_MS,
  });
  keepChallenge(store, forUser ? "confirm" : "sign-in", options.challenge, forUser?.id ?? null, now);
  return options;
}

export type PasskeyAssertionResult = { ok: true; user: AppUser } | PasskeyFailure;

/**
 * Verifies a passkey's answer to passkeySignInOptions: the challenge of this
 * browser, unspent; the origin and relying party id of the site; the user
 * present and verified; the signature of a known passkey; and a counter that
 * moved forward. Then records the use (counter, lastUsedAt) and marks the
 * account as just re-authenticated, in one transaction. With `forUser`
 * (a confirmation), the passkey must be that account's.
 */
export async function verifyPasskeyAssertion(
  response: AuthenticationResponseInput,
  store: CookieStore,
  now: Date,
  forUser: { id: string } | null = null,
): Promise<PasskeyAssertionResult> {
  const challenge = await takeChallenge(store, forUser ? "confirm" : "sign-in", forUser?.id ?? null, now);
  if (!challenge) return refuse("expired");
  const passkey = await findPasskeyByCredentialId(response.id);
  if (!passkey || (forUser && passkey.userId !== forUser.id)) return refuse("unknown_passkey");
  const party = relyingParty();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    return refuse("failed");
  }
  if (!verified.verified) return refuse("failed");
  const account = await findPasskeyAccount(passkey.userId);
  if (!account || account.disabledAt) return refuse("disabled");
  const used = await recordPasskeyUse(passkey.id, verified.authenticationInfo.newCounter, now);
  if (!used) return refuse("failed");
  const user = await findActiveUserById(used.userId);
  return user ? { ok: true, user } : refuse("disabled");
}

/**
 * The end of every passkey sign-in: `user` has just been verified. A guest card
 * this browser holds is merged into the account first, as every sign-in does
 * (lib/auth/merge-guest.ts); when that fails the sign-in fails and the guest's
 * cookie stays, so signing in again retries. Then the session and language
 * cookies, like every sign-in, with the account's current session version.
 */
export async function completePasskeySignIn(
  store: CookieStore,
  requestHeaders: Headers,
  user: AppUser,
): Promise<{ ok: true } | { ok: false; error: typeof GUEST_MERGE_FAILED }> {
  if (!(await mergeGuestBeforeSignIn(requestHeaders, user.id))) return { ok: false, error: GUEST_MERGE_FAILED };
  await setSignInCookies(store, user);
  return { ok: true };
}
