"use client";

import { useTranslations } from "next-intl";
import { ErrorNotice, type ErrorPageProps } from "@/components/ui/error-notice";

// A dashboard page failed to render: the dashboard's header and tabs stay (docs/errors.md).
export default function DashboardError({ error, retry }: ErrorPageProps) {
  // The one key it shows, named whole: the shell sends only it (components/dashboard-shell/client-namespaces.ts).
  const t = useTranslations();
  return <ErrorNotice error={error} retry={retry} homeHref="/dashboard" homeLabel={t("dashboard.backToDashboard")} />;
}
