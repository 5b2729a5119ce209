import type { ReactNode } from "react";
import type { RenderProgress } from "@/components/tap/program-list";
import { LiveProgress, TapOutcomeProvider } from "@/components/tap/tap-outcome";

/**
 * The signed-in tap page's client parts around TapStateView: the recorder, and the
 * result and the cards' progress that follow its answer (tap-outcome.tsx). The page
 * that records a visit imports this; the visitor's cached page never does, so the
 * code of these client components (and the message formatter they use) is not
 * part of its JavaScript (docs/performance.md).
 */
export type LiveTap = {
  /** The client island that records the visit. */
  recorder: ReactNode;
  renderProgress: RenderProgress;
  wrap: (view: ReactNode) => ReactNode;
};

export function liveTap(recorder: ReactNode): LiveTap {
  return {
    recorder,
    renderProgress: (program, initial, barColor) => (
      <LiveProgress programId={program.id} name={program.name} initial={initial} barColor={barColor} />
    ),
    wrap: (view) => <TapOutcomeProvider>{view}</TapOutcomeProvider>,
  };
}
