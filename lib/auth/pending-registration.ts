// A business registration started with "Sign up with Google" waits in the
// browser's local storage while the user is at the identity provider, and is
// completed by /auth/callback once they are back and signed in.
export const PENDING_REGISTRATION_KEY = "pending_registration";

// The message for a Google sign-up that could not finish is auth.google.signupFallback
// (its English value is the product's Spanish text, unchanged).
