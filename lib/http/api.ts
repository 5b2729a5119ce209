import { NextResponse } from "next/server";
import type { z } from "zod";
import { fieldErrorsOf, firstIssue } from "@/lib/validation/errors";
import { refuseCrossSite } from "@/lib/http/same-origin";
import type { MessageOrText } from "@/lib/i18n/message";

// JSON API conventions: errors are { status: "error", message, code? } with a
// 4xx status — never a 500 for bad input, never a stack trace. Messages are
// descriptors or plain catalog keys (lib/i18n/message.ts): every route
// handler is wrapped in `localized` (lib/http/api-locale.ts), which answers them
// in English, or in the language the client's Accept-Language asks for.

export const MAX_BODY_BYTES = 100 * 1024;

export type ApiErrorBody = {
  status: "error";
  message: MessageOrText;
  code?: string;
  errors?: Record<string, MessageOrText>;
};

export function apiError(status: number, message: MessageOrText, extra: Omit<ApiErrorBody, "status" | "message"> = {}) {
  return NextResponse.json({ status: "error", message, ...extra } satisfies ApiErrorBody, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

export function apiJson<T>(body: T, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return NextResponse.json(body, { ...init, headers });
}

type BodyResult<T> = { ok: true; data: T } | { ok: false; response: NextResponse };

export const JSON_CONTENT_TYPE_MESSAGE = "api.jsonContentType";
const BODY_TOO_LARGE_MESSAGE = "api.bodyTooLarge";

/** True for application/json and any application/*+json, with or without parameters. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads a JSON body of at most 100 KB and parses it with `schema`, for every
 * state-changing JSON route handler. In order: 403 for a cookie-carrying
 * request from another site (refuseCrossSite), 415 for a body that is not
 * declared as JSON (a cross-site form or a no-cors fetch can only send
 * text/plain, form encodings or no type), 413 for an oversized body, 400 for
 * malformed JSON or invalid fields. A request with no body and no content
 * type reads as {}.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<BodyResult<z.infer<S>>> {
  const refused = refuseCrossSite(request);
  if (refused) return { ok: false, response: refused };
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJsonContentType(contentType)) {
    return { ok: false, response: apiError(415, JSON_CONTENT_TYPE_MESSAGE, { code: "unsupported_media_type" }) };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { ok: false, response: apiError(413, BODY_TOO_LARGE_MESSAGE) };
  let text: string;
  try {
    text = await readLimited(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, response: apiError(413, BODY_TOO_LARGE_MESSAGE) };
    return { ok: false, response: apiError(400, "api.bodyUnreadable") };
  }
  if (contentType === null && text !== "") {
    return { ok: false, response: apiError(415, JSON_CONTENT_TYPE_MESSAGE, { code: "unsupported_media_type" }) };
  }
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(400, "api.malformedJson") };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return { ok: false, response: apiError(400, firstIssue(parsed.error, "api.invalidRequest"), { errors }) };
  }
  return { ok: true, data: parsed.data };
}

export class BodyTooLarge extends Error {}

// content-length can be absent (chunked) or lie: count what actually arrives.
export async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
