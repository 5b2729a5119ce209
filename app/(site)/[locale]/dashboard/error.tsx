"use client";

import { useTranslations } from "next-intl";
import { ErrorNotice, type ErrorPageProps } from "@/components/ui/error-notice";

// A dashboard page failed to render: the dashboard's header and tabs stay (docs/errors.md).
export default function DashboardError({ error, retry }: ErrorPageProps) {
  const t = useTranslations("dashboard");
  return <ErrorNotice error={error} retry={retry} homeHref="/dashboard" homeLabel={t("backToDashboard")} />;
}
