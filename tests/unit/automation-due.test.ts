// The pure "is due" rules of the automations, on Madrid's calendar (the test
// process runs in New York's zone, so the server's clock is never the answer).
import {
  birthdayDueYear,
  birthdayTargets,
  isOneAway,
  isWelcomeDue,
  isWinBackDue,
  oneAwayRange,
} from "@/lib/campaigns/automations/due";
import { KIND_RULES } from "@/lib/campaigns/automations/kinds";
import { MAX_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout-limits";
import { rewardPushPayload } from "@/lib/push/notification";
import { translator } from "../support/catalog";

const MADRID = "Europe/Madrid";
const at = (iso: string) => new Date(iso);

describe("win-back", () => {
  // 11 April 2033 00:30 CEST.
  const now = at("2033-04-10T22:30:00Z");
  it("is due from N calendar days away on the business's calendar", () => {
    expect(isWinBackDue(at("2033-03-12T22:30:00Z"), now, MADRID, 30)).toBe(true); // 12 March 23:30 CET
    expect(isWinBackDue(at("2033-03-12T23:30:00Z"), now, MADRID, 30)).toBe(false); // 13 March 00:30 CET
    expect(isWinBackDue(at("2033-03-12T23:30:00Z"), at("2033-04-11T22:30:00Z"), MADRID, 30)).toBe(true);
  });
  it("leaves lapses older than the catch-up, and those who never came", () => {
    expect(isWinBackDue(at("2033-02-11T11:00:00Z"), now, MADRID, 30)).toBe(true); // 59 days
    expect(isWinBackDue(at("2033-02-09T11:00:00Z"), now, MADRID, 30)).toBe(false); // 61 days
    expect(isWinBackDue(null, now, MADRID, 30)).toBe(false);
  });
});

describe("birthday", () => {
  it("is due on the birthday of the business's calendar, the cycle its year", () => {
    // 30 October 2033 00:30 CEST, still the 29th in UTC and in New York.
    expect(birthdayDueYear("1990-10-30", at("2033-10-29T22:30:00Z"), MADRID, 0)).toBe(2033);
    expect(birthdayDueYear("1990-10-30", at("2033-10-29T21:30:00Z"), MADRID, 0)).toBeNull();
    // After the autumn change, 22:30 UTC is 23:30 CET on the 30th: not yet the 31st.
    expect(birthdayDueYear("1990-10-31", at("2033-10-30T22:30:00Z"), MADRID, 0)).toBeNull();
    expect(birthdayDueYear("1990-10-31", at("2033-10-30T23:30:00Z"), MADRID, 0)).toBe(2033);
  });
  it("puts 29 February on 28 February in a common year", () => {
    expect(birthdayDueYear("2000-02-29", at("2034-02-27T23:30:00Z"), MADRID, 0)).toBe(2034);
    expect(birthdayTargets(at("2034-02-27T23:30:00Z"), MADRID, 0)).toEqual({ year: 2034, days: ["02-28", "02-29"] });
    expect(birthdayTargets(at("2036-02-27T23:30:00Z"), MADRID, 0)).toEqual({ year: 2036, days: ["02-28"] });
  });
  it("counts days before into the next year", () => {
    expect(birthdayDueYear("1970-01-02", at("2033-12-29T23:30:00Z"), MADRID, 3)).toBe(2034);
    expect(birthdayDueYear("1970-01-02", at("2033-12-29T22:30:00Z"), MADRID, 3)).toBeNull();
  });
});

describe("one stamp away", () => {
  it("is one stamp or visit short of the card's target", () => {
    expect(isOneAway("stamps", { stampsRequired: 5 }, 4)).toBe(true);
    expect(isOneAway("stamps", { stampsRequired: 5 }, 3)).toBe(false);
    expect(isOneAway("stamps", {}, 9)).toBe(true); // the default card of 10
    expect(isOneAway("visits", { visitsRequired: 3 }, 2)).toBe(true);
    expect(isOneAway("visits", { visitsRequired: 3 }, 1)).toBe(false);
  });
  it("is a visit's points or fewer short on a points card", () => {
    const rules = { pointsPerVisit: 10, threshold: 100 };
    expect([89, 90, 99].map((count) => isOneAway("points", rules, count))).toEqual([false, true, true]);
  });
  it("never applies where every visit earns the reward, or there is no card", () => {
    expect(oneAwayRange("stamps", { stampsRequired: 1 })).toBeNull();
    expect(oneAwayRange("points", { pointsPerVisit: 100, threshold: 100 })).toBeNull();
    expect(oneAwayRange("birthday", {})).toBeNull();
    expect(oneAwayRange("stamps", { stampsRequired: -2 })).toBeNull();
  });
});

describe("welcome", () => {
  const now = at("2033-07-01T10:27:00Z");
  it("is due within a day of a first visit with none since", () => {
    const first = at("2033-07-01T08:00:00Z");
    expect(isWelcomeDue({ firstVisitAt: first, lastVisitAt: first }, now)).toBe(true);
    expect(isWelcomeDue({ firstVisitAt: first, lastVisitAt: at("2033-07-01T09:00:00Z") }, now)).toBe(false);
    const yesterday = at("2033-06-30T10:00:00Z");
    expect(isWelcomeDue({ firstVisitAt: yesterday, lastVisitAt: yesterday }, now)).toBe(false);
    expect(isWelcomeDue({ firstVisitAt: null, lastVisitAt: null }, now)).toBe(false);
  });
});

describe("the kinds' holdout", () => {
  it("never exceeds the campaigns' cap, and a service message is never held out", () => {
    for (const rules of Object.values(KIND_RULES))
      expect(rules.maxHoldoutPercent).toBeLessThanOrEqual(MAX_HOLDOUT_PERCENT);
    expect(KIND_RULES.REWARD_EXPIRING.maxHoldoutPercent).toBe(0);
  });
});

describe("the reminder's push", () => {
  const reward = {
    id: "r1",
    name: "Free coffee",
    status: "AVAILABLE",
    expiresAt: at("2033-12-20T10:00:00Z"),
    businessName: "Forn",
    timeZone: MADRID,
    notificationsEnabled: true,
  };
  const t = translator("en");
  it("says the owner's words as its body once saved, its own wording before", () => {
    expect(rewardPushPayload("reward-expiring", reward, t, "en", "Come by, Marta").body).toBe("Come by, Marta");
    expect(rewardPushPayload("reward-expiring", reward, t, "en", null).body).toMatch(/^Free coffee is valid until/);
    // The earned push is not the automation's.
    expect(rewardPushPayload("reward-earned", reward, t, "en", "Come by").body).toBe(
      t("push.notification.earned.body", { business: "Forn", reward: "Free coffee" }),
    );
  });
});
