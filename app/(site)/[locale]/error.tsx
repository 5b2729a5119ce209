"use client";

import { ErrorNotice, type ErrorPageProps } from "@/components/ui/error-notice";
import { PageShell } from "@/components/layout/page-shell";

// A page outside the dashboard and admin failed to render (docs/errors.md).
export default function RootError({ error, retry }: ErrorPageProps) {
  return (
    <PageShell>
      <ErrorNotice error={error} retry={retry} />
    </PageShell>
  );
}
