// Structured JSON logs (pino) for the server process: one line per event, on
// stdout. console.* calls of the app (every module that logs with
// console.error/warn/info) become JSON lines of the same logger, so an
// operator's log pipeline sees one format.
//
// Secrets never belong in a log. Modules must not log them in the first
// place; as a second line of defence every message and field passes through
// `scrub`, which blanks the shapes a secret takes in this app: credential
// fields, bearer tokens, `token=` query parameters (reset and verification
// links), OAuth tokens and long hex strings (SDM and tag keys).
import { format } from "node:util";
import pino from "pino";

const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "access_token",
  "refresh_token",
  "id_token",
  "secret",
  "authorization",
  "cookie",
  "key",
  "sdmKey",
  "kek",
];

const SCRUBBERS = [
  // token=…, access_token=…, refresh_token=…, code=… in URLs and form bodies
  [/\b((?:[a-z_]*token|code|secret|password|key)=)[^&\s"'<>]+/gi, "$1[redacted]"],
  // "access_token":"…" and friends in JSON text
  [/("(?:[a-z_]*token|[a-z_]*password|secret|key)"\s*:\s*")[^"]*"/gi, '$1[redacted]"'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/g, "Bearer [redacted]"],
  // JWTs
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, "[redacted-jwt]"],
  // 128-bit and longer hex strings: AES keys, SDM keys, key material
  [/\b[0-9a-fA-F]{32,}\b/g, "[redacted-hex]"],
];

/** Blanks secrets out of a log message. */
export function scrub(text) {
  let out = String(text);
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * A logger writing JSON lines to `destination` (default: stdout, written
 * synchronously, so a line is out before the process can crash or exit).
 */
export function createLogger(destination = pino.destination({ dest: 1, sync: true })) {
  return pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "msg",
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)], censor: "[redacted]" },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === "string" ? scrub(arg) : arg)),
          );
        },
      },
    },
    destination,
  );
}

export const logger = createLogger();

function errorFields(args) {
  const error = args.find((arg) => arg instanceof Error);
  if (!error) return {};
  // Next.js stamps a failed render's error with a digest, the reference the
  // error screen shows the user (docs/errors.md): kept so the two can be matched.
  const digest = typeof error.digest === "string" ? { digest: error.digest } : {};
  return { err: { type: error.name, message: scrub(error.message), stack: scrub(error.stack ?? ""), ...digest } };
}

/**
 * Routes console.log/info/warn/error/debug through the logger. Messages are
 * formatted as console would (util.format), then scrubbed.
 */
export function captureConsole(base = logger) {
  const levels = { log: "info", info: "info", warn: "warn", error: "error", debug: "debug" };
  for (const [method, level] of Object.entries(levels)) {
    console[method] = (...args) => {
      const message = args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg));
      base[level]({ source: "console", ...errorFields(args) }, format(...message));
    };
  }
}
