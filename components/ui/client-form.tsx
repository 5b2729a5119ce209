"use client";

import { useSyncExternalStore, type ComponentProps } from "react";
import { cn } from "@/lib/utils";

const subscribeNever = () => () => {};

/** True once React has hydrated this part of the page; false in the server HTML. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * A form whose submit handler lives in JavaScript. Its controls stay disabled
 * until React has hydrated it: on a slow phone, text typed into the server HTML
 * would be overwritten when react-hook-form registers its fields with their
 * default values, and a click on submit would send a native GET that puts the
 * fields (passwords included) into the URL.
 *
 * The caller's classes (space-y-4, flex gap-3, max-w-sm) lay out the fieldset,
 * which holds every field: on the form they would reach only the fieldset, and
 * a display:contents fieldset takes no margin, so the fields would touch.
 */
export function ClientForm({ children, className, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className={cn("min-w-0", className)}>
        {children}
      </fieldset>
    </form>
  );
}
