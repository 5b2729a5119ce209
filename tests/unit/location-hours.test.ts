import { locationAnchor, mapsUrl, toPublicLocation } from "@/lib/business/public-locations";
import { formatOpeningHours, groupOpeningHours, readOpeningHours } from "@/lib/locations/format-hours";

// A location's opening hours as the public card shows them, and its map link
// (docs/locations.md, "What owners and customers see").

const weekdays = (opens: string, closes: string) => [1, 2, 3, 4, 5].map((day) => ({ day, opens, closes }));
const SPLIT_SATURDAY = [
  ...weekdays("08:00", "20:00"),
  { day: 6, opens: "17:00", closes: "20:00" },
  { day: 6, opens: "09:00", closes: "14:00" },
];

describe("readOpeningHours", () => {
  it("keeps the valid entries in week order, each once, and drops the rest", () => {
    expect(
      readOpeningHours([
        { day: 3, opens: "09:00", closes: "13:00" },
        { day: 1, opens: "17:00", closes: "20:00" },
        { day: 1, opens: "09:00", closes: "13:00" },
        { day: 1, opens: "09:00", closes: "13:00" },
        { day: 0, opens: "09:00", closes: "13:00" },
        { day: 8, opens: "09:00", closes: "13:00" },
        { day: 2.5, opens: "09:00", closes: "13:00" },
        { day: "4", opens: "09:00", closes: "13:00" },
        { day: 5, opens: "9:00", closes: "13:00" },
        { day: 5, opens: "24:00", closes: "13:00" },
        { day: 6, opens: "09:00" },
        null,
        "Mon 9-5",
      ]),
    ).toEqual([
      { day: 1, opens: "09:00", closes: "13:00" },
      { day: 1, opens: "17:00", closes: "20:00" },
      { day: 3, opens: "09:00", closes: "13:00" },
    ]);
  });

  it("reads anything that is not a list as no hours", () => {
    for (const value of [null, undefined, {}, "08:00-20:00", 7]) expect(readOpeningHours(value)).toEqual([]);
  });
});

describe("groupOpeningHours", () => {
  it("groups consecutive days with the same openings and closes the days without any", () => {
    expect(groupOpeningHours(readOpeningHours(SPLIT_SATURDAY))).toEqual([
      { from: 1, to: 5, intervals: [{ opens: "08:00", closes: "20:00" }] },
      {
        from: 6,
        to: 6,
        intervals: [
          { opens: "09:00", closes: "14:00" },
          { opens: "17:00", closes: "20:00" },
        ],
      },
      { from: 7, to: 7, intervals: [] },
    ]);
  });

  it("never joins days that are not next to each other, nor days with different hours", () => {
    const hours = readOpeningHours([
      { day: 1, opens: "09:00", closes: "17:00" },
      { day: 3, opens: "09:00", closes: "17:00" },
      { day: 4, opens: "09:00", closes: "18:00" },
    ]);
    expect(groupOpeningHours(hours).map((g) => [g.from, g.to, g.intervals.length])).toEqual([
      [1, 1, 1],
      [2, 2, 0],
      [3, 3, 1],
      [4, 4, 1],
      [5, 7, 0],
    ]);
  });

  it("has no groups when no hours are published", () => {
    expect(groupOpeningHours([])).toEqual([]);
  });
});

describe("formatOpeningHours", () => {
  it("writes the grouped week in each language's day names, 24-hour times as stored", () => {
    const hours = readOpeningHours(SPLIT_SATURDAY);
    expect(formatOpeningHours(hours, "en", "Closed")).toEqual([
      { days: "Mon–Fri", hours: "08:00–20:00", closed: false },
      { days: "Sat", hours: "09:00–14:00, 17:00–20:00", closed: false },
      { days: "Sun", hours: "Closed", closed: true },
    ]);
    expect(formatOpeningHours(hours, "es", "Cerrado").map((l) => `${l.days} ${l.hours}`)).toEqual([
      "lun–vie 08:00–20:00",
      "sáb 09:00–14:00, 17:00–20:00",
      "dom Cerrado",
    ]);
    expect(formatOpeningHours(hours, "ca", "Tancat").map((l) => `${l.days} ${l.hours}`)).toEqual([
      "dl.–dv. 08:00–20:00",
      "ds. 09:00–14:00, 17:00–20:00",
      "dg. Tancat",
    ]);
  });

  it("writes an opening past midnight as it is", () => {
    const hours = readOpeningHours([{ day: 6, opens: "20:00", closes: "02:00" }]);
    expect(formatOpeningHours(hours, "en", "Closed")).toContainEqual({
      days: "Sat",
      hours: "20:00–02:00",
      closed: false,
    });
  });

  it("writes every day the same as one line", () => {
    const hours = readOpeningHours([1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: "07:00", closes: "22:00" })));
    expect(formatOpeningHours(hours, "en", "Closed")).toEqual([
      { days: "Mon–Sun", hours: "07:00–22:00", closed: false },
    ]);
  });
});

describe("mapsUrl", () => {
  const born = { name: "Born", address: "Carrer de la Princesa 5, 08003 Barcelona", placeId: null };

  it("is an https Google Maps search for the address", () => {
    const url = new URL(mapsUrl(born)!);
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("query")).toBe(born.address);
    expect(url.searchParams.has("query_place_id")).toBe(false);
  });

  it("pins the place when the location has one", () => {
    const url = new URL(mapsUrl({ ...born, placeId: "ChIJ5TCOcRaYpBIRCmZHTz37sEQ" })!);
    expect(url.searchParams.get("query")).toBe(born.address);
    expect(url.searchParams.get("query_place_id")).toBe("ChIJ5TCOcRaYpBIRCmZHTz37sEQ");
  });

  it("searches a place without an address by name, and has no link with neither", () => {
    expect(new URL(mapsUrl({ ...born, address: null, placeId: "ChIJx" })!).searchParams.get("query")).toBe("Born");
    expect(mapsUrl({ ...born, address: null })).toBeNull();
  });

  it("keeps the address's own characters inside the query", () => {
    const url = new URL(mapsUrl({ ...born, address: "Plaça del Sol 3 & 4, #2 ?x=1" })!);
    expect(url.searchParams.get("query")).toBe("Plaça del Sol 3 & 4, #2 ?x=1");
    expect([...url.searchParams.keys()]).toEqual(["api", "query"]);
  });
});

describe("toPublicLocation", () => {
  it("trims the address and place, reads the hours, and keeps nothing else", () => {
    expect(
      toPublicLocation({
        id: "loc-1",
        name: "Gràcia",
        address: "  Carrer de Verdi 1 ",
        placeId: " ",
        openingHours: [{ day: 2, opens: "10:00", closes: "19:00" }, { day: 9 }],
        ...{ timezone: "Europe/Madrid", closedAt: null },
      }),
    ).toEqual({
      id: "loc-1",
      name: "Gràcia",
      address: "Carrer de Verdi 1",
      placeId: null,
      openingHours: [{ day: 2, opens: "10:00", closes: "19:00" }],
    });
  });

  it("names each location's entry by an anchor made of its id's safe characters", () => {
    expect(locationAnchor("0199a5d2-7c1e-7000-8000-000000000001")).toBe(
      "location-0199a5d2-7c1e-7000-8000-000000000001",
    );
    expect(locationAnchor('x"><script>')).toBe("location-xscript");
  });
});
