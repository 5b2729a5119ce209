"use client";

import Link from "next/link";
import { useErrorText } from "@/components/i18n/error-text";
import { Button, buttonClass } from "@/components/ui/button";

/** What Next gives an error.tsx: what was thrown, and a retry that fetches the segment again. */
export type ErrorPageProps = { error: unknown; retry: () => void };

type Props = ErrorPageProps & {
  homeHref?: string;
  homeLabel?: string;
};

/** The server's reference for a failed render, the same one its log carries. */
function errorDigest(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("digest" in error)) return null;
  return typeof error.digest === "string" && error.digest ? error.digest : null;
}

/**
 * What a user sees when a page fails to render: a plain message, a retry and
 * a way out. Never the error's message or stack, which may hold data the
 * user should not see; the digest lets support find the logged error.
 */
export function ErrorNotice({ error, retry, homeHref = "/", homeLabel }: Props) {
  const text = useErrorText();
  return (
    <section className="space-y-4 py-6 text-center">
      <p className="text-sm font-semibold text-brand">{text.label}</p>
      <h1 className="text-3xl font-bold">{text.title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{text.body}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" onClick={retry}>
          {text.retry}
        </Button>
        <Link href={homeHref} className={buttonClass("secondary")}>
          {homeLabel ?? text.home}
        </Link>
      </div>
      <ErrorReference error={error} />
    </section>
  );
}

/** The reference a user can quote to support, when the server gave one. */
export function ErrorReference({ error }: { error: unknown }) {
  const text = useErrorText();
  const digest = errorDigest(error);
  if (!digest) return null;
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      {text.reference} <code data-testid="error-reference">{digest}</code>
    </p>
  );
}
