import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

type Props = Omit<ComponentProps<"li">, "role" | "aria-selected" | "className"> & {
  /** The option aria-activedescendant points at: highlighted, and what Enter picks. */
  active: boolean;
};

/** One suggestion in the wizard's comboboxes (categories, places). */
export function ListboxOption({ active, ...props }: Props) {
  return (
    <li
      role="option"
      aria-selected={active}
      className={cn(
        "cursor-pointer px-3 py-2 text-sm",
        active ? "bg-brand text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800",
      )}
      {...props}
    />
  );
}
