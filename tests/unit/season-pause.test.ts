import { closedMessage } from "@/lib/business/closed-messages";
import { closureAt, expiryShiftMs, isClosedAt, reopeningDayBounds, reopensAt } from "@/lib/business/season-pause";
import { businessDeletedMail } from "@/lib/mail/notifications";
import { pauseBusinessSchema } from "@/lib/validation/business-lifecycle";
import { confirmsName } from "@/lib/validation/business-lifecycle";
import { text, translator } from "@/tests/support/catalog";

// Closed for a season and deleting a business (docs/business-lifecycle.md):
// the pure rules. The process runs in a zone that is neither UTC nor the
// businesses' (jest config), so a rule that leaned on the server's clock fails here.

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe("closed for the season: when", () => {
  const pause = { pausedAt: at("2027-02-10T09:00:00Z"), pausedUntil: "2027-03-01" };

  test("closed from the moment it was paused until the morning of its day on the business's clock", () => {
    expect(isClosedAt(pause, "Europe/Madrid", at("2027-02-10T08:59:59Z"))).toBe(false);
    expect(isClosedAt(pause, "Europe/Madrid", at("2027-02-10T09:00:00Z"))).toBe(true);
    expect(isClosedAt(pause, "Europe/Madrid", at("2027-02-28T22:59:59.999Z"))).toBe(true);
    expect(isClosedAt(pause, "Europe/Madrid", at("2027-02-28T23:00:00Z"))).toBe(false);
    // The same day ends earlier east of Madrid and later west of it.
    expect(isClosedAt(pause, "Pacific/Auckland", at("2027-02-28T11:00:00Z"))).toBe(false);
    expect(isClosedAt(pause, "America/Los_Angeles", at("2027-03-01T07:59:59Z"))).toBe(true);
  });

  test("a Date from Prisma and the text of plain SQL read the same", () => {
    const fromPrisma = { ...pause, pausedUntil: new Date("2027-03-01T00:00:00Z") };
    expect(isClosedAt(fromPrisma, "Europe/Madrid", at("2027-02-28T22:00:00Z"))).toBe(true);
    expect(reopensAt(fromPrisma.pausedUntil, "Europe/Madrid")).toEqual(at("2027-02-28T23:00:00Z"));
  });

  test("until reopened: closed for good; not paused: open", () => {
    expect(
      closureAt({ pausedAt: pause.pausedAt, pausedUntil: null }, "Europe/Madrid", at("2030-01-01T00:00:00Z")),
    ).toEqual({
      until: null,
    });
    expect(closureAt({ pausedAt: null, pausedUntil: null }, "Europe/Madrid", at("2027-02-20T00:00:00Z"))).toBeNull();
  });

  test("the morning it reopens, across a DST change: 29 March 2027 starts at 22:00 UTC the day before in Madrid", () => {
    expect(reopensAt("2027-03-29", "Europe/Madrid")).toEqual(at("2027-03-28T22:00:00Z"));
    expect(reopensAt("2027-03-28", "Europe/Madrid")).toEqual(at("2027-03-27T23:00:00Z"));
    expect(reopensAt(null, "Europe/Madrid")).toBeNull();
  });

  test("a reopening day is picked from tomorrow to a year ahead, on the business's calendar", () => {
    // 23:30 UTC on 10 February is already the 11th in Madrid.
    expect(reopeningDayBounds("Europe/Madrid", at("2027-02-10T23:30:00Z"))).toEqual({
      min: "2027-02-12",
      max: "2028-02-12",
    });
  });
});

describe("rewards do not expire while closed", () => {
  const pause = { pausedAt: at("2027-04-01T00:00:00Z"), endedAt: at("2027-04-11T00:00:00Z") };
  const reward = (issuedAt: string, expiresAt: string | null) => ({
    issuedAt: at(issuedAt),
    expiresAt: expiresAt ? at(expiresAt) : null,
  });

  test("a reward valid when the pause began moves on by the whole pause", () => {
    expect(expiryShiftMs(reward("2027-03-20T00:00:00Z", "2027-04-19T00:00:00Z"), pause)).toBe(10 * DAY);
    expect(expiryShiftMs(reward("2027-03-05T00:00:00Z", "2027-04-04T00:00:00Z"), pause)).toBe(10 * DAY);
  });

  test("one given during the pause, by the time from its issue; one expired before, or without an expiry, not at all", () => {
    expect(expiryShiftMs(reward("2027-04-06T00:00:00Z", "2027-05-06T00:00:00Z"), pause)).toBe(5 * DAY);
    expect(expiryShiftMs(reward("2027-02-01T00:00:00Z", "2027-03-03T00:00:00Z"), pause)).toBe(0);
    expect(expiryShiftMs(reward("2027-03-20T00:00:00Z", null), pause)).toBe(0);
  });
});

describe("what a closed business says", () => {
  test("to a customer, kindly, with the reopening day in each language", () => {
    const message = closedMessage("customer", "Café Central", { until: "2027-03-01" });
    expect(text("en", message)).toBe("Café Central is closed for the season until 1 March. Your card is safe.");
    expect(text("es", message)).toBe(
      "Café Central está cerrado por temporada hasta el 1 de marzo. Tu tarjeta sigue guardada.",
    );
    expect(text("ca", message)).toBe(
      "Café Central està tancat per temporada fins al dia 1 de març. La teva targeta es conserva.",
    );
    // Catalan elides "de" before a vowel.
    expect(text("ca", closedMessage("wallet", "Café Central", { until: "2027-04-11" }))).toBe(
      "Tancat fins al dia 11 d'abril",
    );
  });

  test("until reopened: no day", () => {
    expect(text("en", closedMessage("customer", "Café Central", { until: null }))).toBe(
      "Café Central is closed for the season. Your card is safe.",
    );
    expect(text("es", closedMessage("wallet", "Café Central", { until: null }))).toBe("Cerrado por temporada");
  });

  test("every month has its name in every language", () => {
    for (const locale of ["en", "es", "ca"] as const)
      for (let month = 1; month <= 12; month++) {
        const day = `2027-${String(month).padStart(2, "0")}-05`;
        expect(text(locale, closedMessage("wallet", "X", { until: day }))).toMatch(/5 .*\p{L}{3,}$/u);
      }
  });
});

describe("the owner's forms", () => {
  test("close until a real day, or until reopened", () => {
    expect(pauseBusinessSchema.safeParse({ businessId: "b1", mode: "date", until: "2027-03-01" }).data).toEqual({
      businessId: "b1",
      until: "2027-03-01",
    });
    expect(pauseBusinessSchema.safeParse({ businessId: "b1", mode: "reopen", until: "2027-03-01" }).data).toEqual({
      businessId: "b1",
      until: null,
    });
    for (const until of ["", "2027-02-30", "1 March", undefined])
      expect(pauseBusinessSchema.safeParse({ businessId: "b1", mode: "date", until }).success).toBe(false);
  });

  test("the typed name confirms the business's own, spaces tidied, letters exact", () => {
    expect(confirmsName("  Café   Central ", "Café Central")).toBe(true);
    expect(confirmsName("Cafe\u0301 Central", "Café Central")).toBe(true);
    expect(confirmsName("café central", "Café Central")).toBe(false);
    expect(confirmsName("Café", "Café Central")).toBe(false);
  });
});

describe("the mail to a deleted business's customers", () => {
  test("says what was lost, in the customer's language, with no way to unsubscribe (it is the last one)", () => {
    const mail = businessDeletedMail(
      {
        firstName: "Ana",
        business: { name: "Café Central", color: "#0E7490" },
        readyRewards: 2,
        walletUrl: "https://loyaltap.example/dashboard/wallet",
      },
      translator("es"),
      "es",
    );
    expect(mail.subject).toBe("Se ha eliminado tu tarjeta de Café Central");
    expect(mail.text).toContain("Tenías 2 premios listos allí. Ya no se pueden canjear.");
    expect(mail.text).not.toMatch(/unsubscribe|darte de baja/i);
  });
});
