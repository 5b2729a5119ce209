import { addDays, daysBetween, fillDays, rangeEndingOn } from "@/lib/insights/days";
import { busiestHour, heatLevel, matrixMax, weekdayHourMatrix } from "@/lib/insights/heatmap";
import { parseRange } from "@/lib/insights/range";
import { redemptionRate, returningVisits } from "@/lib/insights/rates";
import { axisTicks, niceCeiling, slotWidth, yScale } from "@/lib/insights/scale";
import { dailyBarRects, heatmapLevelRects, rectsPath } from "@/lib/insights/shapes";
import { formatShortDay, weekdayName } from "@/lib/i18n/dates";

describe("insights days", () => {
  it("count calendar days across month ends, leap days and DST changes", () => {
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", -1)).toBe("2026-10-24");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(rangeEndingOn("2026-03-10", 30)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(rangeEndingOn("2026-03-10", 1)).toEqual({ from: "2026-03-10", to: "2026-03-10" });
    expect(daysBetween("2026-03-28", "2026-03-31")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]);
    expect(daysBetween(...(Object.values(rangeEndingOn("2026-11-24", 365)) as [string, string]))).toHaveLength(365);
  });

  it("fill the days without a row with zeros, in order, and drop rows outside the range", () => {
    const rows = [
      { day: "2026-03-03", visits: 2 },
      { day: "2026-03-01", visits: 5 },
      { day: "2026-02-01", visits: 9 },
    ];
    expect(fillDays(rows, "2026-03-01", "2026-03-04", { visits: 0 })).toEqual([
      { day: "2026-03-01", visits: 5 },
      { day: "2026-03-02", visits: 0 },
      { day: "2026-03-03", visits: 2 },
      { day: "2026-03-04", visits: 0 },
    ]);
  });
});

describe("the weekday × hour matrix", () => {
  it("puts each row's visits in its cell, Monday first, and ignores what is out of bounds", () => {
    const matrix = weekdayHourMatrix([
      { weekday: 1, hour: 9, visits: 3 },
      { weekday: 7, hour: 23, visits: 1 },
      { weekday: 1, hour: 9, visits: 2 },
      { weekday: 8, hour: 1, visits: 4 },
      { weekday: 2, hour: 24, visits: 4 },
    ]);
    expect(matrix).toHaveLength(7);
    expect(matrix.every((row) => row.length === 24)).toBe(true);
    expect(matrix[0]![9]).toBe(5);
    expect(matrix[6]![23]).toBe(1);
    expect(matrix.flat().reduce((a, b) => a + b, 0)).toBe(6);
    expect(matrixMax(matrix)).toBe(5);
    expect(busiestHour(matrix)).toEqual({ weekday: 1, hour: 9, count: 5 });
  });

  it("names the busiest hour, the earlier of equals, and none without visits", () => {
    const matrix = weekdayHourMatrix([
      { weekday: 3, hour: 18, visits: 2 },
      { weekday: 2, hour: 20, visits: 2 },
    ]);
    expect(busiestHour(matrix)).toEqual({ weekday: 2, hour: 20, count: 2 });
    expect(busiestHour(weekdayHourMatrix([]))).toBeNull();
  });

  it("shades an hour with any visit at least level 1 and the busiest at the top level", () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(1, 100)).toBe(1);
    expect(heatLevel(100, 100)).toBe(4);
    expect(heatLevel(50, 100)).toBe(2);
    expect(heatLevel(3, 0)).toBe(0);
  });
});

describe("insights figures", () => {
  it("reads ?range=, defaulting to 30 days", () => {
    expect(parseRange("90")).toBe(90);
    expect(parseRange(["365", "30"])).toBe(365);
    expect(parseRange(undefined)).toBe(30);
    expect(parseRange("7")).toBe(30);
    expect(parseRange("90abc")).toBe(30);
  });

  it("rounds the redemption rate to a whole percent, none when nothing was issued", () => {
    expect(redemptionRate(3, 1)).toBe(33);
    expect(redemptionRate(3, 2)).toBe(67);
    expect(redemptionRate(8, 1)).toBe(13); // 12.5 rounds half up
    expect(redemptionRate(0, 4)).toBeNull();
    expect(redemptionRate(2, 3)).toBe(150);
  });

  it("counts returning visits as visits less the new customers' first visits", () => {
    expect(returningVisits(5, 2)).toBe(3);
    expect(returningVisits(1, 1)).toBe(0);
    expect(returningVisits(0, 1)).toBe(0);
  });
});

describe("chart scales", () => {
  it("round the axis up to 1, 2 or 5 × a power of ten", () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(200)).toBe(200);
    expect(niceCeiling(201)).toBe(500);
    expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(1)).toEqual([0, 1]);
  });

  it("map values to y, clamped", () => {
    const y = yScale(10, 100, 50);
    expect(y(0)).toBe(100);
    expect(y(10)).toBe(50);
    expect(y(5)).toBe(75);
    expect(y(20)).toBe(50);
    expect(yScale(0, 100, 50)(0)).toBe(100);
  });

  it("fit a month's bars in a phone's width beside the axis", () => {
    expect(32 + 30 * slotWidth(30) + 8).toBeLessThanOrEqual(375 - 56);
    expect(slotWidth(365)).toBeGreaterThanOrEqual(2);
  });
});

describe("chart shapes", () => {
  it("draw many rectangles as one path, leaving out empty ones", () => {
    expect(
      rectsPath([
        { x: 32.5, y: 100, width: 8, height: 48 },
        { x: 41.5, y: 148, width: 8, height: 0 },
        { x: 50.123, y: 10.005, width: 2.5, height: 1 / 3 },
      ]),
    ).toBe("M32.5 100h8v48h-8zM50.12 10.01h2.5v0.33h-2.5z");
    expect(rectsPath([])).toBe("");
  });

  it("stack a day's series on each other, or set them side by side, and skip days without any", () => {
    const frame = { left: 10, slot: 10, gap: 2, bottom: 100, y: yScale(10, 100, 100) };
    const [first, second] = dailyBarRects(
      [
        [2, 0, 5],
        [3, 4, 0],
      ],
      3,
      "stacked",
      frame,
    );
    expect(first).toEqual([
      { x: 11, y: 80, width: 8, height: 20 },
      { x: 31, y: 50, width: 8, height: 50 },
    ]);
    // Day 1 starts where the first series ended; day 2 starts at the bottom.
    expect(second).toEqual([
      { x: 11, y: 50, width: 8, height: 30 },
      { x: 21, y: 60, width: 8, height: 40 },
    ]);
    const [issued, redeemed] = dailyBarRects([[2], [3]], 1, "grouped", frame);
    expect(issued).toEqual([{ x: 11, y: 80, width: 4, height: 20 }]);
    expect(redeemed).toEqual([{ x: 15, y: 70, width: 4, height: 30 }]);
  });

  it("group the heatmap's squares by shade, every cell in exactly one level", () => {
    const matrix = weekdayHourMatrix([
      { weekday: 1, hour: 0, visits: 8 },
      { weekday: 7, hour: 23, visits: 1 },
    ]);
    const levels = heatmapLevelRects(matrix, { left: 40, top: 16, step: 14, cell: 12 });
    expect(levels).toHaveLength(5);
    expect(levels.reduce((sum, level) => sum + level.length, 0)).toBe(7 * 24);
    expect(levels[4]).toEqual([{ x: 40, y: 16, width: 12, height: 12 }]);
    expect(levels[1]).toEqual([{ x: 40 + 23 * 14, y: 16 + 6 * 14, width: 12, height: 12 }]);
    expect(levels[0]).toHaveLength(7 * 24 - 2);
  });
});

describe("chart labels", () => {
  it("write short days and weekdays in each language", () => {
    expect(formatShortDay("2026-03-05", "en")).toBe("Mar 5");
    expect(formatShortDay("2026-03-05", "es")).toBe("5 mar");
    expect(weekdayName(1, "en")).toBe("Mon");
    expect(weekdayName(7, "en", "long")).toBe("Sunday");
    expect(weekdayName(7, "ca", "long")).toBe("diumenge");
  });
});
