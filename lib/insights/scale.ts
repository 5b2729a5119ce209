// Scales and shapes of the hand-drawn charts (components/insights): pure
// numbers, so the SVG components only place what these compute.

/** A round axis top at or above `max`: 1, 2 or 5 × a power of ten (at least 1). */
export function niceCeiling(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** Evenly spaced axis values from 0 to `top` (`count` steps), integers only, no repeats. */
export function axisTicks(top: number, count = 4): number[] {
  const ticks = new Set<number>();
  for (let i = 0; i <= count; i++) ticks.add(Math.round((top * i) / count));
  return [...ticks];
}

/** Maps a value in 0…top to a y coordinate: `bottom` for 0, `bottom - height` for top. */
export function yScale(top: number, bottom: number, height: number): (value: number) => number {
  const safeTop = top > 0 ? top : 1;
  return (value) => bottom - (Math.max(0, Math.min(value, safeTop)) / safeTop) * height;
}

/**
 * The width each day gets on a chart: a month fits a phone's width (375 px)
 * beside the axis; a quarter and a year scroll sideways inside their box.
 */
export function slotWidth(days: number): number {
  if (days <= 31) return 9;
  if (days <= 92) return 5;
  return 3;
}
