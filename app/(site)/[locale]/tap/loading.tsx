import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/ui/spinner";

// Shown while the tag is checked on the server (a loading spinner while checking).
export default async function TapLoading() {
  const t = await getTranslations("tap.loading");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6" role="status">
      <Spinner label={t("label")} />
      <p>{t("text")}</p>
    </main>
  );
}
