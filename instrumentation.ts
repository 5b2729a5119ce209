// Runs once when the server starts, before the first request: the whole
// configuration is checked (lib/env.ts), so a missing or malformed variable
// stops the process with a message naming it instead of failing requests.
// Next.js only logs an error thrown here and serves on, so the check exits.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { EnvError, validateEnv } = await import("@/lib/env");
  try {
    validateEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`Refusing to start. ${error.message}`);
    process.exit(1);
  }
}
