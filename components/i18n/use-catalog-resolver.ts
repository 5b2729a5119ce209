"use client";

import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { useMemo } from "react";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { translateMessage } from "@/lib/i18n/message";
import { issueMessage } from "@/lib/validation/errors";
import { useKeyTranslator } from "./use-key-translator";

/**
 * react-hook-form's resolver for a zod schema, with each field's first issue
 * as text in the page's language: the same message (key and values, issueMessage)
 * the server answers for that input, so a field error reads alike whether the
 * browser or the server caught it. The page sends the namespaces of the schema's
 * keys (ClientMessages).
 */
export function useCatalogResolver<Input extends FieldValues, Context, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, Context, Output> {
  const t = useKeyTranslator();
  return useMemo(
    () => async (values, _context, options) => {
      const parsed = await schema.safeParseAsync(values);
      if (parsed.success) {
        if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
        return { values: parsed.data, errors: {} };
      }
      const errors: Record<string, FieldError> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join(".");
        errors[path] ??= { type: issue.code, message: translateMessage(t, issueMessage(issue)) };
      }
      return { values: {}, errors: toNestErrors(errors, options) };
    },
    [schema, t],
  );
}
