import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A form's server-side error, announced to screen readers. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={cn("rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300", className)}
    >
      {children}
    </p>
  );
}
