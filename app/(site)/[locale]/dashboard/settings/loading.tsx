import { getTranslations } from "next-intl/server";
import { PageLoading } from "@/components/ui/page-loading";

export default async function Loading() {
  const t = await getTranslations("dashboard.loading");
  return <PageLoading label={t("settings")} />;
}
