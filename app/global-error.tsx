"use client";

import { useErrorText } from "@/components/i18n/error-text";
import { ErrorNotice, type ErrorPageProps } from "@/components/ui/error-notice";
import { siteName } from "@/lib/site-name";
import "./globals.css";

// The root layout itself failed: this replaces it, so it brings its own
// document and styles (docs/errors.md).
export default function GlobalError({ error, retry }: ErrorPageProps) {
  const text = useErrorText();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <title>{`${text.title} | ${siteName}`}</title>
        <main className="mx-auto w-full max-w-3xl px-4 py-10">
          <ErrorNotice error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
