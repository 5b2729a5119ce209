import { ANONYMOUS_DISPLAY_NAME, displayName } from "@/lib/users/display-name";

// How the QR page and the owner redeeming a reward name a customer.
describe("a person's display name", () => {
  it("is the first name and last initial, never more", () => {
    expect(displayName({ firstName: "Jordi", lastName: "Vila", name: "Jordi Vila" })).toBe("Jordi V.");
    expect(displayName({ firstName: "Pau", lastName: "Tester", name: null })).toBe("Pau T.");
  });

  it("upper-cases the initial and keeps the first name as typed", () => {
    expect(displayName({ firstName: "jordi", lastName: "vila", name: null })).toBe("jordi V.");
  });

  it("ignores surrounding spaces", () => {
    expect(displayName({ firstName: "  Ana ", lastName: "  lópez", name: null })).toBe("Ana L.");
  });

  it("falls back to the display name's words, then to a neutral label", () => {
    expect(displayName({ firstName: null, lastName: null, name: "Laia Serra Puig" })).toBe("Laia S.");
    expect(displayName({ firstName: "Laia", lastName: null, name: "Laia Serra" })).toBe("Laia");
    expect(displayName({ firstName: null, lastName: null, name: "   " })).toBe(ANONYMOUS_DISPLAY_NAME);
    expect(displayName({ firstName: null, lastName: null, name: null })).toBe("Loyaltap member");
  });

  it("never shows more than an initial of a last name alone", () => {
    expect(displayName({ firstName: null, lastName: "Vila", name: null })).toBe("V.");
  });
});
