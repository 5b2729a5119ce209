"use client";

import { useTranslations } from "next-intl";
import { ErrorNotice, type ErrorPageProps } from "@/components/ui/error-notice";

// An admin page failed to render: the admin header stays (docs/errors.md).
export default function AdminError({ error, retry }: ErrorPageProps) {
  const t = useTranslations("admin.error");
  return <ErrorNotice error={error} retry={retry} homeHref="/admin/users" homeLabel={t("backToUsers")} />;
}
