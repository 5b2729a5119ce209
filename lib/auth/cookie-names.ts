// The session cookie's names, in one place: the auth code sets and reads them,
// and next.config.ts's visitor rewrite sends a request WITHOUT either of them
// to the cached visitor page. Renaming one in only one of those places would
// serve signed-in people the cached visitor page.
export const SESSION_COOKIE_NAME = "authjs.session-token";
/** Its name over https (browsers only accept a `__Secure-` cookie with `Secure`). */
export const SECURE_SESSION_COOKIE_NAME = `__Secure-${SESSION_COOKIE_NAME}`;
