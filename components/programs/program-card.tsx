import type { ReactNode } from "react";
import type { ProgramCardText } from "@/components/programs/program-card-text";
import type { ProgramProgressText } from "@/components/programs/program-progress-text";
import { ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { Card } from "@/components/ui/card";

/** The business's colours where the card sits on its page; else the site's brand. */
export type ProgramCardColors = { icon: string; onIcon: string; bar: string };

/**
 * One program as customers see it, everywhere: the tap page, the public card,
 * the wallet and the owner's preview. Name, description, dates, what it offers
 * (the engine's rule → reward) and, when given, the customer's progress. Plain
 * markup with its text given: it renders on the server without client code,
 * and inside the owner's client form alike.
 */
export function ProgramCard({
  type,
  text,
  progress,
  colors,
  as = "li",
  headingLevel = 3,
  testId = "program-card",
}: {
  type: string;
  text: ProgramCardText;
  /** The customer's progress (a signed-in page): <ProgramProgress>, or a node that shows one. */
  progress?: ReactNode;
  colors?: ProgramCardColors;
  as?: "li" | "article";
  headingLevel?: 2 | 3;
  testId?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card as={as} data-testid={testId} className="flex gap-3 rounded-xl p-4 text-slate-900 dark:text-slate-100">
      <span
        className={
          colors
            ? "flex h-10 w-10 shrink-0 items-center justify-center rounded-full"
            : "flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand text-white"
        }
        style={colors ? { backgroundColor: colors.icon, color: colors.onIcon } : undefined}
      >
        <ProgramTypeIcon type={type} size={22} label={text.typeName} />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <Heading className="font-medium break-words">{text.name}</Heading>
        {text.description ? (
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">{text.description}</p>
        ) : null}
        {text.starts || text.ends ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {text.starts ? <span className="whitespace-nowrap">{text.starts}</span> : null}
            {text.starts && text.ends ? " · " : null}
            {text.ends ? <span className="whitespace-nowrap">{text.ends}</span> : null}
          </p>
        ) : null}
        {text.offer ? (
          <p className="text-sm font-medium break-words" data-testid="program-offer">
            {text.offer}
          </p>
        ) : null}
        {progress}
      </div>
    </Card>
  );
}

/** The customer's progress under a card: the engine's line, and a bar where there is a target. */
export function ProgramProgress({ progress, barColor }: { progress: ProgramProgressText; barColor?: string }) {
  const { current, target, line, label } = progress;
  const percent = target ? Math.min(100, Math.round((current / target) * 100)) : null;
  return (
    <div className="space-y-1 pt-1">
      <p className="text-sm" data-testid="program-progress">
        {line}
      </p>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={target ?? 0}
          aria-valuenow={current}
          className="h-2 overflow-hidden rounded-full bg-black/10 dark:bg-white/15"
        >
          <div
            className={barColor ? "h-full rounded-full" : "h-full rounded-full bg-brand"}
            style={{ width: `${percent}%`, ...(barColor ? { backgroundColor: barColor } : {}) }}
          />
        </div>
      ) : null}
    </div>
  );
}
