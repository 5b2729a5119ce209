import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import type { CustomerListParams } from "@/lib/validation/customers";

/** The list's address with its search, sort, filter and location, and optionally a cursor. */
export function customerListHref(base: string, params: CustomerListParams, cursor?: string): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.sort !== "last_visit") query.set("sort", params.sort);
  if (params.filter !== "all") query.set("filter", params.filter);
  if (params.location) query.set("location", params.location);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** "First page" (when past it) and "Next page" (when there is one): keyset pages go forward only. */
export async function CustomerPages({
  base,
  params,
  nextCursor,
}: {
  base: string;
  params: CustomerListParams;
  nextCursor: string | null;
}) {
  const t = await getTranslations("customers.pages");
  if (!params.cursor && !nextCursor) return null;
  return (
    <nav aria-label={t("label")} className="flex flex-wrap justify-between gap-2">
      {params.cursor ? (
        <Link href={customerListHref(base, params)} className={buttonClass("secondary")}>
          {t("first")}
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link href={customerListHref(base, params, nextCursor)} rel="next" className={buttonClass("secondary")}>
          {t("next")}
        </Link>
      ) : null}
    </nav>
  );
}
