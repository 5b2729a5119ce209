import { containsPattern, customerFullName, decodeCursor, encodeCursor } from "@/lib/customers/cursor";
import { customerListParamsSchema, exportParamsSchema } from "@/lib/validation/customers";

describe("the customer list's cursor", () => {
  it("round-trips, and belongs to one sort", () => {
    const cursor = { s: "visits" as const, v: 7, i: "0199a-id" };
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded, "visits")).toEqual(cursor);
    expect(decodeCursor(encoded, "rewards")).toBeNull();
    const dated = { s: "last_visit" as const, v: "2026-01-01T10:00:00.000Z", i: "abc" };
    expect(decodeCursor(encodeCursor(dated), "last_visit")).toEqual(dated);
    expect(decodeCursor(encodeCursor({ ...dated, v: null }), "last_visit")).toEqual({ ...dated, v: null });
  });

  it.each([
    undefined,
    "",
    "!!!",
    Buffer.from("not json").toString("base64url"),
    Buffer.from("[]").toString("base64url"),
    Buffer.from('{"s":"visits","v":1.5,"i":"a"}').toString("base64url"),
    Buffer.from('{"s":"visits","v":1,"i":"a b"}').toString("base64url"),
    Buffer.from('{"s":"last_visit","v":"tomorrow","i":"a"}').toString("base64url"),
    Buffer.from('{"s":"visits","v":1e12,"i":"a"}').toString("base64url"),
  ])("a bad cursor %j reads as none", (value) => {
    expect(decodeCursor(value, "visits")).toBeNull();
    expect(decodeCursor(value, "last_visit")).toBeNull();
  });
});

describe("the list's search parameters", () => {
  it("fall back instead of failing", () => {
    expect(customerListParamsSchema.parse({})).toEqual({ sort: "last_visit", filter: "all" });
    expect(customerListParamsSchema.parse({ q: ["ana", "bob"], sort: "bogus", filter: ["ready"] })).toEqual({
      q: "ana",
      sort: "last_visit",
      filter: "ready",
    });
    expect(customerListParamsSchema.parse({ q: "a\u0000b" }).q).toBeUndefined();
    expect(customerListParamsSchema.parse({ q: "x".repeat(101) }).q).toBeUndefined();
  });

  it("escape ILIKE's wildcards so they match themselves", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("name a customer by first and last name for the owner", () => {
    expect(customerFullName({ firstName: "Núria", lastName: "Vidal", name: "nv" })).toBe("Núria Vidal");
    expect(customerFullName({ firstName: null, lastName: null, name: "Jordi" })).toBe("Jordi");
    expect(customerFullName({ firstName: " ", lastName: null, name: null })).toBeNull();
  });
});

describe("the export's parameters", () => {
  it.each([
    [{ kind: "visits" }, true],
    [{ kind: "visits", from: "2026-01-01", to: "2026-01-31" }, true],
    [{ kind: "visits", from: "", to: "" }, true],
    [{ kind: "everything" }, false],
    [{}, false],
    [{ kind: "visits", from: "2026-01-01" }, false],
    [{ kind: "visits", from: "2026-02-30", to: "2026-03-01" }, false],
    [{ kind: "visits", from: "2026-03-02", to: "2026-03-01" }, false],
    [{ kind: "visits", from: "01/03/2026", to: "2026-03-01" }, false],
  ])("%j valid: %s", (query, ok) => {
    expect(exportParamsSchema.safeParse(query).success).toBe(ok);
  });
});
