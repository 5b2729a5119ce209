import Link from "next/link";
import { getTranslations } from "next-intl/server";
import {
  businessNavFor,
  businessNavHref,
  type BusinessNavViewer,
  type BusinessSection,
  type BusinessTab,
} from "@/lib/business/page-tabs";
import { cn } from "@/lib/utils";

/**
 * The business page's bar: its tabs and the sections with routes of their own
 * (customers, insights, staff). Plain links, so each works before (and
 * without) JavaScript and is an address of its own; the open one is marked
 * aria-current for screen readers as well as by its look. Only the entries
 * the viewer's role may open are offered (a staff member: the customers).
 */
export async function BusinessPageTabs({
  businessId,
  current,
  viewer,
}: {
  businessId: string;
  current: BusinessTab | BusinessSection;
  viewer: BusinessNavViewer;
}) {
  const t = await getTranslations("dashboard.business.tabs");
  return (
    <nav aria-label={t("label")} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
        {businessNavFor(viewer).map((tab) => {
          const open = tab === current;
          return (
            <li key={tab}>
              <Link
                href={businessNavHref(businessId, tab)}
                aria-current={open ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand",
                  open
                    ? "border-brand text-brand dark:border-indigo-300 dark:text-indigo-300"
                    : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
                )}
              >
                {t(tab)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
