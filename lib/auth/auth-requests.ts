import "server-only";
import { NextRequest } from "next/server";

// What reaches Auth.js's endpoints (/api/auth/*): Auth.js serves Google
// sign-in and the session; password sign-in has its own handlers (lib/auth/login.ts).
// Requests it can only fail on are answered here, as Auth.js answers a path it
// cannot parse (400 "Bad request."), before it logs an error with a stack for
// each: a sign-in or callback of a provider we do not offer
// (/api/auth/callback/credentials, /api/auth/signin/google without Google
// configured) and a JSON body that does not parse. The errors a request can
// still cause inside Auth.js are logged as one line (authLogger).
// docs/authentication.md, "Auth.js's endpoints".

const PROVIDER_ACTIONS = new Set(["signin", "callback", "webauthn-options"]);

const badRequest = () => Response.json("Bad request.", { status: 400, headers: { "Cache-Control": "no-store" } });

/** The provider a path of Auth.js's names (/api/auth/callback/<id>), or null. */
function providerOf(pathname: string): string | null {
  const [action, providerId] = pathname
    .replace(/^\/api\/auth\/?/, "")
    .split("/")
    .filter(Boolean);
  return action && providerId && PROVIDER_ACTIONS.has(action) ? providerId : null;
}

/**
 * The request to hand to Auth.js (its body read once, so its JSON could be
 * checked), or the answer when Auth.js could only fail on it.
 */
export async function screenAuthRequest(
  request: NextRequest,
  providerIds: readonly string[],
): Promise<{ request: NextRequest } | { answer: Response }> {
  const provider = providerOf(request.nextUrl.pathname);
  if (provider !== null && !providerIds.includes(provider)) return { answer: badRequest() };
  if (request.method !== "POST" || !request.headers.get("content-type")?.includes("application/json"))
    return { request };
  const text = await request.text().catch(() => null);
  if (text === null) return { answer: badRequest() };
  try {
    JSON.parse(text);
  } catch {
    return { answer: badRequest() };
  }
  return { request: new NextRequest(request.url, { method: request.method, headers: request.headers, body: text }) };
}

// Errors a request causes (Auth.js's own "client-safe" ones, an unknown action,
// a check cookie that is missing or wrong): the client's mistake, not a fault of ours.
const REQUEST_ERRORS = new Set([
  "AccessDenied",
  "AccountNotLinked",
  "CredentialsSignin",
  "InvalidCheck",
  "MissingCSRF",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "UnknownAction",
  "Verification",
  "WebAuthnVerificationError",
]);

/** Auth.js's logger: a request's mistake is one warning line; anything else is logged whole, with its stack. */
export const authLogger = {
  error(error: Error) {
    const type = (error as { type?: unknown }).type;
    if (typeof type === "string" && REQUEST_ERRORS.has(type)) {
      console.warn(`[auth] ${type}: ${error.message.split("\n", 1)[0]}`);
      return;
    }
    console.error("[auth]", error);
  },
};
