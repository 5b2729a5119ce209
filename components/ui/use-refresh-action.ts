"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useHydrated } from "@/components/ui/client-form";
import type { ActionFailure } from "@/lib/actions/result";
import type { Translated } from "@/lib/i18n/message";

/** A failure as a client receives it: its messages are text (the action builder translated them). */
type ShownFailure = Translated<ActionFailure>;

/** Said when a server action could not be reached or threw. */
export const ACTION_FAILED = "Something went wrong. Please try again.";

/**
 * Runs a server action from a button: inside a transition (so `pending` can
 * disable the buttons), with a thrown action turned into a failure the UI can
 * show, and the page's server components refreshed after a success, or after
 * any answer with `refresh: "always"` (the state may have changed either way).
 * `disabled` is what its buttons take: true while the action runs and in the
 * server HTML, since a click before hydration would run no handler at all.
 */
export function useRefreshAction() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const run = <R extends { ok: true } | ShownFailure>(
    action: () => Promise<R>,
    handle: (result: R | ShownFailure) => void,
    options: { refresh?: "success" | "always" } = {},
  ) =>
    startTransition(async () => {
      const result = await action().catch((): ShownFailure => ({ ok: false, error: ACTION_FAILED }));
      handle(result);
      if (result.ok || options.refresh === "always") router.refresh();
    });
  return { pending, disabled: pending || !hydrated, run };
}
