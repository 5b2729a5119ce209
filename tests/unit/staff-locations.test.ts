import {
  impliedCounterLocation,
  pickCounterLocation,
  readCounterCookie,
  staffWhereOf,
  writeCounterCookie,
} from "@/lib/staff/locations";

// Where staff work and where the counter works (docs/locations.md, "Staff",
// "The counter"): the pure rules the staff page, the counter and its actions share.

const A = "0190aaaa-0000-7000-8000-00000000000a";
const B = "0190bbbb-0000-7000-8000-00000000000b";
const C = "0190cccc-0000-7000-8000-00000000000c";
const biz = (n: number) => `0190${String(n).padStart(4, "0")}-0000-7000-8000-000000000000`;
const gracia = { id: A, name: "Gràcia" };
const born = { id: B, name: "Born" };

describe("where a staff member works", () => {
  it("all locations, or the distinct ones ticked; none ticked is no answer", () => {
    expect(staffWhereOf({ allLocations: true, locationIds: [A] })).toEqual({ allLocations: true });
    expect(staffWhereOf({ allLocations: false, locationIds: [A, B, A] })).toEqual({
      allLocations: false,
      locationIds: [A, B],
    });
    expect(staffWhereOf({ allLocations: false, locationIds: [] })).toBeNull();
    expect(staffWhereOf({ allLocations: false })).toBeNull();
  });
});

describe("where the counter works", () => {
  it("preselects the location remembered on this device while it is still a choice, else the first", () => {
    expect(pickCounterLocation([gracia, born], B)).toBe(B);
    expect(pickCounterLocation([gracia, born], C)).toBe(A);
    expect(pickCounterLocation([gracia, born], null)).toBe(A);
    expect(pickCounterLocation([], A)).toBeNull();
  });

  it("an action that names no location works at the only choice, asks when there are several, and has none without one", () => {
    expect(impliedCounterLocation([gracia])).toBe(A);
    expect(impliedCounterLocation([gracia, born])).toBe("choose");
    expect(impliedCounterLocation([])).toBeNull();
  });

  it("remembers one location per business on this device, the latest first, ten at most", () => {
    let cookie = writeCounterCookie(undefined, biz(1), A);
    cookie = writeCounterCookie(cookie, biz(2), B);
    cookie = writeCounterCookie(cookie, biz(1), C);
    expect([...readCounterCookie(cookie)]).toEqual([
      [biz(1), C],
      [biz(2), B],
    ]);
    for (let n = 3; n <= 12; n++) cookie = writeCounterCookie(cookie, biz(n), A);
    const kept = readCounterCookie(cookie);
    expect(kept.size).toBe(10);
    expect(kept.has(biz(12))).toBe(true);
    expect(kept.has(biz(2))).toBe(false);
  });

  it("reads nothing from a malformed or forged cookie", () => {
    expect(readCounterCookie("nonsense").size).toBe(0);
    expect(readCounterCookie(`${biz(1)}:${A}.${biz(2)}:'; DROP`)).toEqual(new Map([[biz(1), A]]));
    expect(readCounterCookie(null).size).toBe(0);
  });
});
