import type { EngineContext } from "@/lib/loyalty";

/** A visit's context for the pure rules: a regular customer on 10 March 2025, unless overridden. */
export function engineContext(overrides: Partial<EngineContext> = {}): EngineContext {
  return {
    now: new Date("2025-03-10T12:00:00Z"),
    localDate: "2025-03-10",
    isFirstVisit: false,
    membershipLinkedAt: new Date("2024-01-01T10:00:00Z"),
    birthday: null,
    random: () => 0.5,
    ...overrides,
  };
}
