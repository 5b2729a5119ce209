import "server-only";
import { cookies, headers } from "next/headers";
import NextAuth from "next-auth";
import Google from "next-auth/providers/google";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { db } from "@/lib/db";
import { authLogger } from "@/lib/auth/auth-requests";
import { authConfig } from "@/lib/auth/config";
import { markOAuthEmailVerified } from "@/lib/auth/email-verification";
import { mergeGuestOnOAuthSignIn } from "@/lib/auth/guest-oauth";
import { setOAuthLocaleCookie, withSignUpLanguage } from "@/lib/auth/oauth-language";
import { withWelcomeMail } from "@/lib/auth/oauth-sign-up";
import { authEnv } from "@/lib/auth/env";
import { negotiateLocale } from "@/lib/i18n/negotiate";

/** Google sign-in is offered only when its credentials are configured. */
export const googleEnabled = Boolean(authEnv.AUTH_GOOGLE_ID && authEnv.AUTH_GOOGLE_SECRET);

/** The providers Auth.js serves (/api/auth/signin/<id>, /api/auth/callback/<id>): Google's, when configured. */
export const authProviderIds: readonly string[] = googleEnabled ? ["google"] : [];

// Password sign-in goes through lib/auth/login.ts (our API and form, with rate
// limiting) and issues the same JWT session cookie; Auth.js handles OAuth.
export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  // A first Google sign-in creates the account in the browser's language.
  // Its welcome mail is queued in the transaction that creates the account.
  adapter: withSignUpLanguage(withWelcomeMail(PrismaAdapter(db)), async () =>
    negotiateLocale((await headers()).get("accept-language")),
  ),
  providers: googleEnabled ? [Google({ allowDangerousEmailAccountLinking: false })] : [],
  logger: authLogger,
  callbacks: {
    ...authConfig.callbacks,
    // The account is known (found or just created) and its cookie not yet written: the guest
    // this browser still carries is merged into it first (lib/auth/guest-oauth.ts).
    async jwt(params) {
      await mergeGuestOnOAuthSignIn(params);
      return authConfig.callbacks.jwt(params);
    },
  },
  events: {
    async signIn(message) {
      await markOAuthEmailVerified(message);
      if (!message.user.id) return;
      // The person's language for the pages after; a cookie that cannot be set
      // (outside a request) only means the browser's language until the next sign-in.
      try {
        await setOAuthLocaleCookie(await cookies(), message.user.id);
      } catch (error) {
        console.error("Could not set the language cookie:", error instanceof Error ? error.message : "unknown error");
      }
    },
  },
});
