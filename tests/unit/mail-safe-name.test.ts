import { hasNoLinkOrAddress } from "@/lib/validation/text";

// Business and reward names appear in mail subjects ("You earned {reward} at
// {business}"): a name that carries a link or an address is refused when it is
// saved (lib/validation/text.ts, docs/input-handling.md).

describe("hasNoLinkOrAddress", () => {
  it.each([
    "Café Central",
    "2x1 coffee",
    "Mr. Bean's",
    "Forn Gràcia",
    "S.L.",
    "A.B.C. Bakery",
    "No.1 Café",
    "3.5 kg of beans",
    "Vol.2",
    "e.g. tea",
    "Free coffee & cake",
    "10% off",
  ])("accepts %j", (name) => expect(hasNoLinkOrAddress(name)).toBe(true));

  it.each([
    "Action required: log in at https://evil.test",
    "http://x",
    "evil.test",
    "Visit EXAMPLE.COM now",
    "bit.ly/abc",
    "www.loyaltap",
    "mail me@somewhere",
    "a@b",
    "Café.Central",
    "evil．test",
    "x＠y",
  ])("refuses %j", (name) => expect(hasNoLinkOrAddress(name)).toBe(false));
});
