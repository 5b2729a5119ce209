import {
  draftOf,
  hoursOf,
  hoursProblems,
  normaliseHours,
  rangeIndexes,
  type OpeningRange,
} from "@/lib/locations/hours";
import { locationInputSchema, moveTagSchema, openingHoursSchema } from "@/lib/locations/input";
import { isOpenAt } from "@/lib/locations/open-now";
import { fieldErrorsOf } from "@/lib/validation/errors";

const range = (day: number, opens: string, closes: string): OpeningRange => ({ day, opens, closes });

describe("hoursProblems: a week's rules", () => {
  it("accepts ranges that touch, up to three a day", () => {
    expect(hoursProblems([range(1, "08:00", "13:00"), range(1, "13:00", "16:00"), range(1, "17:00", "20:00")])).toEqual(
      [],
    );
  });

  it("refuses a range that does not open before it closes", () => {
    expect(hoursProblems([range(1, "14:00", "09:00"), range(2, "09:00", "09:00")])).toEqual([
      { index: 0, problem: "order" },
      { index: 1, problem: "order" },
    ]);
  });

  it("refuses a fourth range on one day, and an overlap, on the range it is about", () => {
    const four = [
      range(3, "06:00", "07:00"),
      range(3, "08:00", "09:00"),
      range(3, "10:00", "11:00"),
      range(3, "12:00", "13:00"),
    ];
    expect(hoursProblems(four)).toEqual([{ index: 3, problem: "too_many" }]);
    expect(hoursProblems([range(1, "09:00", "14:00"), range(2, "10:00", "12:00"), range(1, "13:30", "18:00")])).toEqual(
      [{ index: 2, problem: "overlap" }],
    );
  });
});

describe("normaliseHours", () => {
  it("orders by day, then opening time", () => {
    expect(
      normaliseHours([range(2, "17:00", "20:00"), range(1, "09:00", "10:00"), range(2, "09:00", "14:00")]),
    ).toEqual([range(1, "09:00", "10:00"), range(2, "09:00", "14:00"), range(2, "17:00", "20:00")]);
  });
});

describe("the editor's week", () => {
  it("goes from stored ranges to days and back, in the week's order", () => {
    const hours = [range(2, "17:00", "20:00"), range(2, "09:00", "14:00"), range(6, "10:00", "13:00")];
    const draft = draftOf(hours);
    expect(draft[1]).toEqual([]);
    expect(draft[2]).toEqual([
      { opens: "09:00", closes: "14:00" },
      { opens: "17:00", closes: "20:00" },
    ]);
    expect(hoursOf(draft)).toEqual(normaliseHours(hours));
    expect(rangeIndexes(draft)).toEqual({ 1: 0, 2: 0, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3 });
  });
});

describe("isOpenAt: open now, on the location's own clock", () => {
  const hours = [range(1, "09:00", "14:00"), range(7, "22:00", "23:59")];

  it("reads the location's wall clock, not the server's", () => {
    // Monday 2026-03-02 08:30 UTC is 09:30 in Madrid (UTC+1) and 03:30 in New York.
    const at = new Date("2026-03-02T08:30:00Z");
    expect(isOpenAt(hours, "Europe/Madrid", at)).toBe(true);
    expect(isOpenAt(hours, "America/New_York", at)).toBe(false);
  });

  it("opens at the opening minute and is closed from the closing minute", () => {
    expect(isOpenAt(hours, "UTC", new Date("2026-03-02T09:00:00Z"))).toBe(true);
    expect(isOpenAt(hours, "UTC", new Date("2026-03-02T14:00:00Z"))).toBe(false);
    // Sunday 2026-03-01 22:30 in Madrid is 21:30 UTC.
    expect(isOpenAt(hours, "Europe/Madrid", new Date("2026-03-01T21:30:00Z"))).toBe(true);
  });

  it("has no answer without published hours", () => {
    expect(isOpenAt([], "UTC", new Date())).toBeNull();
  });
});

describe("locationInputSchema", () => {
  const valid = {
    name: "  Born  ",
    address: "",
    placeId: null,
    timezone: "Europe/Madrid",
    openingHours: [range(2, "17:00", "20:00"), range(2, "09:00", "14:00")],
  };

  it("trims, turns empty text into null and stores the week in order", () => {
    expect(locationInputSchema.parse(valid)).toEqual({
      name: "Born",
      address: null,
      placeId: null,
      timezone: "Europe/Madrid",
      openingHours: [range(2, "09:00", "14:00"), range(2, "17:00", "20:00")],
    });
  });

  it("refuses a name missing or longer than 80 characters, a zone the runtime does not know, control characters", () => {
    const messages = (value: object) => {
      const parsed = locationInputSchema.safeParse({ ...valid, ...value });
      return parsed.success
        ? {}
        : Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([k, m]) => [k, m.key]));
    };
    expect(messages({ name: "   " })).toEqual({ name: "locations.validation.nameRequired" });
    expect(messages({ name: "x".repeat(81) })).toEqual({ name: "locations.validation.nameTooLong" });
    expect(messages({ name: "x".repeat(80) })).toEqual({});
    expect(messages({ timezone: "Mars/Olympus" })).toEqual({ timezone: "locations.validation.timezone" });
    expect(messages({ address: "Carrer\u0000Major" })).toEqual({ address: "validation.controlCharacters" });
  });

  it("puts each problem of the hours on the range it is about", () => {
    const parsed = openingHoursSchema.safeParse([
      range(1, "09:00", "14:00"),
      range(1, "13:00", "15:00"),
      range(2, "18:00", "10:00"),
      { day: 9, opens: "09:00", closes: "10:00" },
      range(3, "9:00", "10:00"),
    ]);
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.error!);
    expect(errors["3.day"]?.key).toBe("locations.validation.day");
    expect(errors["4.opens"]?.key).toBe("locations.validation.time");
    // The week's rules are checked once every range is well-formed.
    const rules = openingHoursSchema.safeParse([
      range(1, "09:00", "14:00"),
      range(1, "13:00", "15:00"),
      range(2, "18:00", "10:00"),
    ]);
    expect(Object.fromEntries(Object.entries(fieldErrorsOf(rules.error!)).map(([k, m]) => [k, m.key]))).toEqual({
      "1.opens": "locations.validation.overlap",
      "2.closes": "locations.validation.opensBeforeCloses",
    });
  });

  it("takes at most three ranges a day and 21 in a week", () => {
    const four = ["06:00", "08:00", "10:00", "12:00"].map((opens) => range(4, opens, opens.replace(":00", ":30")));
    const parsed = openingHoursSchema.safeParse(four);
    expect(fieldErrorsOf(parsed.error!)["3.opens"]).toEqual({
      key: "locations.validation.tooManyRanges",
      values: { max: 3 },
    });
    const many = Array.from({ length: 22 }, () => range(1, "09:00", "10:00"));
    expect(fieldErrorsOf(openingHoursSchema.safeParse(many).error!)["form"]?.key).toBe(
      "locations.validation.tooManyHours",
    );
  });

  it("a tag to move is named by a tag id", () => {
    expect(moveTagSchema.safeParse({ businessId: "b", tagId: "bad id", locationId: "l" }).success).toBe(false);
    expect(moveTagSchema.safeParse({ businessId: "b", tagId: "demo-cafe", locationId: "l" }).success).toBe(true);
  });
});
