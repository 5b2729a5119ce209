// What to tell someone whose browser-side passkey ceremony threw: a catalog key.
// @simplewebauthn/browser passes on the browser's DOMException names, or its own
// WebAuthnError with a `code`.

export function passkeyErrorKey(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return "auth.passkey.alreadySaved";
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return "auth.passkey.cancelled";
  if (name === "NotSupportedError" || code === "ERROR_INVALID_DOMAIN") return "auth.passkey.unsupported";
  return "auth.passkey.failed";
}
