"use client";

import type { ComponentProps, FocusEvent } from "react";
import { UrlField } from "@/components/ui/field";
import { withWebScheme } from "@/lib/validation/text";

/**
 * A business's website: typed as people say it ("fornqa.cat"), completed with
 * https:// when the field is left, so the person sees what will be stored
 * (the schema completes it the same way on the server).
 */
export function WebsiteField({ onBlur, onChange, ...props }: ComponentProps<typeof UrlField>) {
  const complete = (event: FocusEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value.trim();
    const completed = withWebScheme(typed);
    if (completed !== typed) {
      event.currentTarget.value = completed;
      onChange?.(event);
    }
    onBlur?.(event);
  };
  return <UrlField {...props} onChange={onChange} onBlur={complete} />;
}
