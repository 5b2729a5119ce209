// The email typed on the log-in page, handed to the reset form when "Forgot your
// password?" is followed. Kept in this tab's session storage rather than in the
// address, so the address never reaches logs or history with someone's email in it.
const RESET_EMAIL_KEY = "loyaltap:reset-email";

export function rememberResetEmail(email: string | undefined) {
  try {
    const value = email?.trim();
    if (value) sessionStorage.setItem(RESET_EMAIL_KEY, value.slice(0, 320));
    else sessionStorage.removeItem(RESET_EMAIL_KEY);
  } catch {
    // storage unavailable: the reset form starts empty
  }
}

export function rememberedResetEmail(): string | null {
  try {
    return sessionStorage.getItem(RESET_EMAIL_KEY);
  } catch {
    return null;
  }
}
