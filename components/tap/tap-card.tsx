import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** The card every non-business tap state is shown in. */
export function TapCard({
  title,
  children,
  tone = "neutral",
}: {
  title: string;
  children: ReactNode;
  tone?: "neutral" | "warning";
}) {
  return (
    <Card
      as="section"
      className={cn(
        "mx-auto max-w-md space-y-4 p-6 text-center shadow-sm",
        tone === "warning" && "border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950",
      )}
    >
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </Card>
  );
}

/** The notice's own words where the page is not in English (tap.notice in the catalog). */
export type TapNoticeText = { title: string; ok: string };

/** Notice: the message, the tag id in parentheses, an optional `action` (the error screen's retry), OK to the dashboard. */
export function TapNotice({
  message,
  tagId,
  action,
  text = { title: "Notice", ok: "OK" },
}: {
  message: string;
  tagId: string | null;
  action?: ReactNode;
  text?: TapNoticeText;
}) {
  return (
    <TapCard title={text.title} tone="warning">
      <p role="alert">
        {message}
        {tagId ? <span className="block text-sm text-slate-600 dark:text-slate-400">({tagId})</span> : null}
      </p>
      {action}
      <Link href="/dashboard" className={buttonClass("primary", "w-full")}>
        {text.ok}
      </Link>
    </TapCard>
  );
}
