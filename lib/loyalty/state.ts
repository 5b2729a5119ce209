// Defensive readers for the Progress row: `state` is JSON written by earlier
// versions of these rules (or by hand), so nothing in it is trusted blindly.
import type { ProgressState } from "./types";

function wholeOrZero(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function emptyProgress(): ProgressState {
  return { count: 0, total: 0, tier: null, state: {} };
}

/**
 * A Progress row as stored: its `state` is whatever JSON the column holds,
 * which normalizeProgress checks, so readers pass the row as it comes.
 */
export type StoredProgressInput = Partial<Omit<ProgressState, "state">> & { state?: unknown };

/** Coerces a stored row into a valid ProgressState (negative or missing → 0). */
export function normalizeProgress(progress: StoredProgressInput | null | undefined): ProgressState {
  return {
    count: wholeOrZero(progress?.count),
    total: wholeOrZero(progress?.total),
    tier: typeof progress?.tier === "string" ? progress.tier : null,
    state: isRecord(progress?.state) ? { ...progress.state } : {},
  };
}

export function readCount(state: Record<string, unknown>, key: string): number {
  return wholeOrZero(state[key]);
}

export function readString(state: Record<string, unknown>, key: string): string | null {
  const value = state[key];
  return typeof value === "string" ? value : null;
}

export function readStringList(state: Record<string, unknown>, key: string): string[] {
  const value = state[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** A year/anniversary marker; -Infinity when never set so any real one is newer. */
export function readMarker(state: Record<string, unknown>, key: string): number {
  const value = state[key];
  return typeof value === "number" && Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}
