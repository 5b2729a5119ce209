"use client";

// PLACEHOLDER (composer branch): the `segments` engineer owns this file; dropped at merge.
import type { SegmentDefinition } from "@/lib/campaigns/segment";

export function SegmentBuilder({
  name = "segment",
}: {
  businessId: string;
  programs: { id: string; name: string; type: string }[];
  initial?: SegmentDefinition;
  name?: string;
  onChange?: (segment: SegmentDefinition) => void;
}) {
  return <input type="hidden" name={name} value="{}" />;
}
