"use client";
import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from "next-intl";
import { useMemo, type ReactNode } from "react";

type Props = {
  /** The page's messages as JSON text (see PageMessages): parsed once per text. */
  json: string;
  children: ReactNode;
};

/** `more` over `base`, namespace by namespace and key by key: a dotted pick ("lifecycle.pause") keeps its siblings. */
function merged(base: AbstractIntlMessages, more: AbstractIntlMessages): AbstractIntlMessages {
  const out: AbstractIntlMessages = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const under = out[key];
    out[key] =
      typeof value === "object" && typeof under === "object" && value !== null && under !== null
        ? merged(under, value)
        : value;
  }
  return out;
}

/**
 * The messages of the provider above (the dashboard's shell) with the page's own
 * merged over them: next-intl's providers replace their parent's messages, this
 * one adds to them. Needs a messages provider above it (useMessages throws otherwise).
 */
export function PageMessagesProvider({ json, children }: Props) {
  const outer = useMessages();
  const locale = useLocale();
  const messages = useMemo(() => merged(outer, JSON.parse(json) as AbstractIntlMessages), [outer, json]);
  // The time zone, formats and error handlers are the parent provider's (IntlProvider inherits what it is not given).
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
