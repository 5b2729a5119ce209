import type { NextAuthConfig } from "next-auth";
import { SESSION_MAX_AGE, useSecureCookies } from "@/lib/auth/cookies";

export type AppRole = "CUSTOMER" | "ADMIN";

// The part of the Auth.js setup that needs no database: the proxy decodes the
// session JWT with it, lib/auth/index.ts adds the providers.
export const authConfig = {
  trustHost: true,
  useSecureCookies,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
  pages: { signIn: "/login" },
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.role = (user as { role?: AppRole }).role ?? "CUSTOMER";
        // The session version at sign-in (the adapter's user is the database
        // row): a later logout or password change voids this session too.
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      session.user.role = (token.role as AppRole | undefined) ?? "CUSTOMER";
      return session;
    },
  },
} satisfies NextAuthConfig;

declare module "next-auth" {
  interface Session {
    user: { id: string; role: AppRole; name?: string | null; email?: string | null; image?: string | null };
  }
}
