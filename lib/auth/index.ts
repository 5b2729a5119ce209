import "server-only";
import NextAuth from "next-auth";
import Google from "next-auth/providers/google";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { db } from "@/lib/db";
import { authConfig } from "@/lib/auth/config";
import { markOAuthEmailVerified } from "@/lib/auth/email-verification";
import { env } from "@/lib/env";

/** Google sign-in is offered only when its credentials are configured. */
export const googleEnabled = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

// Password sign-in goes through lib/auth/login.ts (our API and form, with rate
// limiting) and issues the same JWT session cookie; Auth.js handles OAuth.
export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  adapter: PrismaAdapter(db),
  providers: googleEnabled ? [Google({ allowDangerousEmailAccountLinking: false })] : [],
  events: { signIn: markOAuthEmailVerified },
});
