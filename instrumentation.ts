// Runs once when the server starts, before the first request: the whole
// configuration is checked (lib/env.ts), so a missing or malformed variable
// stops the process with a message naming it instead of failing requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { validateEnv } = await import("@/lib/env");
  validateEnv();
}
