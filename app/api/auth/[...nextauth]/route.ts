// Auth.js endpoints (Google OAuth sign-in and callback). Password sign-in has
// its own handlers beside this one (login, register, token, …).
import { handlers } from "@/lib/auth";

export const { GET, POST } = handlers;
