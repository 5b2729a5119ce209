// The weekday × hour heatmap: visits summed per ISO weekday (Monday first) and
// local hour, and a shade level for each cell.

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const HEAT_LEVELS = 5;

/** 7 rows (Monday … Sunday) of 24 hours; cells without visits are 0, stray weekdays or hours are ignored. */
export function weekdayHourMatrix(rows: readonly { weekday: number; hour: number; visits: number }[]): number[][] {
  const matrix = WEEKDAYS.map(() => HOURS.map(() => 0));
  for (const { weekday, hour, visits } of rows) {
    const row = matrix[weekday - 1];
    if (row && Number.isInteger(hour) && hour >= 0 && hour < 24) row[hour] = (row[hour] ?? 0) + visits;
  }
  return matrix;
}

/** The largest cell of a matrix (0 when empty). */
export function matrixMax(matrix: readonly (readonly number[])[]): number {
  return matrix.reduce((max, row) => row.reduce((m, value) => Math.max(m, value), max), 0);
}

/**
 * The shade of a cell, 0 (no visits) to HEAT_LEVELS - 1 (the busiest): any
 * visit at all is at least level 1, so a quiet hour never looks empty.
 */
export function heatLevel(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(1, Math.ceil((value / max) * (HEAT_LEVELS - 1)));
}

/** The busiest weekday (1 Monday … 7 Sunday) and hour, the earlier of equals; null when there was no visit. */
export function busiestHour(
  matrix: readonly (readonly number[])[],
): { weekday: number; hour: number; count: number } | null {
  let best: { weekday: number; hour: number; count: number } | null = null;
  matrix.forEach((row, w) =>
    row.forEach((count, hour) => {
      if (count > 0 && (!best || count > best.count)) best = { weekday: w + 1, hour, count };
    }),
  );
  return best;
}
