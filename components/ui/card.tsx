import type { HTMLAttributes } from "react";
import { cn } from "@/lib/utils";

/** The light/dark frame every boxed block shares; for elements Card cannot be (a Link). */
export const cardClass = "rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element the card is, where the markup needs one (a list item, a landmark, a fieldset with its legend). */
  as?: "div" | "section" | "article" | "li" | "ul" | "fieldset";
};

/** A bordered box on the page's background; className adds the layout and may replace the rounding. */
export function Card({ as: Tag = "div", className, ...props }: CardProps) {
  return <Tag className={cn(cardClass, className)} {...props} />;
}
