// Loads .env (if present) for the scripts, as Next.js does for the app;
// variables already set in the environment win.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.env");
if (existsSync(file)) process.loadEnvFile(file);
