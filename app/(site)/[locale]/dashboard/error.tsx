"use client";

import { ErrorNotice, type ErrorPageProps } from "@/components/ui/error-notice";

// A dashboard page failed to render: the dashboard's header and tabs stay (docs/errors.md).
export default function DashboardError({ error, retry }: ErrorPageProps) {
  return <ErrorNotice error={error} retry={retry} homeHref="/dashboard" homeLabel="Back to the dashboard" />;
}
