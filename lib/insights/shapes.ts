// The insights charts' shapes as SVG path data. A chart draws each colour as
// ONE <path> of many rectangles instead of one <rect> per bar or square: a
// year is 365 bars a series, and every element a server component renders is
// sent twice (in the HTML and in the page's RSC payload) and costs the server
// its render both times.

import { heatLevel, HEAT_LEVELS, matrixMax } from "@/lib/insights/heatmap";

export type Rect = { x: number; y: number; width: number; height: number };

/** A coordinate with at most two decimals and no trailing zeros ("12", "12.5", "12.33"). */
function coordinate(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Rectangles as one path: a closed subpath each; empty ones (no width or height) are left out. */
export function rectsPath(rects: readonly Rect[]): string {
  let d = "";
  for (const { x, y, width, height } of rects) {
    if (!(width > 0 && height > 0)) continue;
    d += `M${coordinate(x)} ${coordinate(y)}h${coordinate(width)}v${coordinate(height)}h${coordinate(-width)}z`;
  }
  return d;
}

export type DailyBarsFrame = {
  /** x of the first day's slot. */
  left: number;
  /** Width of a day. */
  slot: number;
  /** Space left between two days' bars. */
  gap: number;
  /** y of the value 0. */
  bottom: number;
  /** The value → y scale (yScale). */
  y: (value: number) => number;
};

/**
 * The bars of each series (one list per series, in order), for days given as
 * one array of values per series: stacked (each day's bars on top of the
 * previous series') or grouped (side by side within the day's slot). A day
 * with nothing (0 or less) has no bar.
 */
export function dailyBarRects(
  series: readonly (readonly number[])[],
  days: number,
  mode: "stacked" | "grouped",
  { left, slot, gap, bottom, y }: DailyBarsFrame,
): Rect[][] {
  const below = new Array<number>(days).fill(0);
  return series.map((values, k) => {
    const rects: Rect[] = [];
    for (let i = 0; i < days; i++) {
      const value = values[i] ?? 0;
      if (value <= 0) continue;
      const x = left + i * slot + gap / 2;
      if (mode === "stacked") {
        const y0 = y(below[i] ?? 0);
        const y1 = y((below[i] ?? 0) + value);
        below[i] = (below[i] ?? 0) + value;
        rects.push({ x, y: y1, width: slot - gap, height: Math.max(0, y0 - y1) });
      } else {
        const width = (slot - gap) / series.length;
        rects.push({ x: x + k * width, y: y(value), width, height: bottom - y(value) });
      }
    }
    return rects;
  });
}

/**
 * The squares of a weekday × hour matrix grouped by shade level (index 0 …
 * HEAT_LEVELS - 1), row `w` at `top + w * step`, hour `h` at `left + h * step`.
 */
export function heatmapLevelRects(
  matrix: readonly (readonly number[])[],
  { left, top, step, cell }: { left: number; top: number; step: number; cell: number },
): Rect[][] {
  const max = matrixMax(matrix);
  const levels: Rect[][] = Array.from({ length: HEAT_LEVELS }, () => []);
  matrix.forEach((row, w) =>
    row.forEach((value, hour) => {
      levels[heatLevel(value, max)]?.push({ x: left + hour * step, y: top + w * step, width: cell, height: cell });
    }),
  );
  return levels;
}
