import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { translateMessage, type MessageOrText } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { PROBLEMS, problemType, type ProblemCode } from "@/lib/api/problems";

// RFC 9457 problem details (docs/api.md, "Errors"): every error of /api/v1 is
// application/problem+json with a `type` URI per kind of problem, a `title`
// and `detail` in the client's language (Accept-Language), its `status`, and
// for invalid input an `errors` object of field → message.

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: Record<string, MessageOrText>;
};

/** An answer a handler gives: its status and its JSON body (a problem's, or the resource). */
export type ApiAnswer = { status: number; body: unknown; problem?: true; headers?: Record<string, string> };

export async function problemAnswer(
  locale: Locale,
  code: ProblemCode,
  options: { detail?: MessageOrText; errors?: Record<string, MessageOrText>; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const t = await getKeyTranslator(locale);
  const spec = PROBLEMS[code];
  const body: ProblemBody = {
    type: problemType(code),
    title: t(`api.v1.problems.${code}.title`),
    status: spec.status,
    detail: translateMessage(t, options.detail ?? `api.v1.problems.${code}.detail`),
    code,
    ...(options.errors ? { errors: options.errors } : {}),
  };
  return { status: spec.status, body, problem: true, ...(options.headers ? { headers: options.headers } : {}) };
}
