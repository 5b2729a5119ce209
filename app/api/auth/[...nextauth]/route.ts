// Auth.js endpoints (Google OAuth sign-in and callback). Password sign-in has
// its own handlers beside this one (login, register, token, …).
export { GET, POST } from "@/lib/auth/handlers";
