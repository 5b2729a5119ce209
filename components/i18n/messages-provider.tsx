"use client";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { useMemo, type ReactNode } from "react";

type Props = {
  locale: string;
  /** The messages as JSON text (see ClientMessages): parsed once per text. */
  json: string;
  timeZone?: string;
  children: ReactNode;
};

export function MessagesProvider({ json, ...props }: Props) {
  const messages = useMemo(() => JSON.parse(json) as AbstractIntlMessages, [json]);
  return <NextIntlClientProvider {...props} messages={messages} />;
}
