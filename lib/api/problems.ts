// The kinds of problem /api/v1 answers with (docs/api.md, "Errors"): each
// code's HTTP status and its `type` URI, which points at its entry on the
// reference page. Pure: the OpenAPI document lists them too.

export const PROBLEMS = {
  unauthorized: { status: 401 },
  forbidden: { status: 403 },
  "not-found": { status: 404 },
  "invalid-request": { status: 400 },
  "idempotency-key-missing": { status: 400 },
  "unsupported-media-type": { status: 415 },
  "body-too-large": { status: 413 },
  "idempotency-key-reused": { status: 422 },
  "request-in-progress": { status: 409 },
  "daily-limit-reached": { status: 409 },
  "business-closed": { status: 409 },
  "already-redeemed": { status: 409 },
  "reward-expired": { status: 409 },
  "undo-not-possible": { status: 409 },
  "qr-not-valid": { status: 422 },
  "location-not-valid": { status: 422 },
  "receipt-taken": { status: 409 },
  "nothing-to-refund": { status: 409 },
  "refund-too-large": { status: 422 },
  "too-many-rewards": { status: 422 },
  "rate-limited": { status: 429 },
  internal: { status: 500 },
} as const satisfies Record<string, { status: number }>;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** The problem's type URI: its entry on the API reference page (relative to the site, RFC 9457 §3.1.1). */
export function problemType(code: ProblemCode): string {
  return `/developers/api#problem-${code}`;
}
