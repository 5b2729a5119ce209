import { recipientSkipReason, rewardSkipReason, summaryDays } from "@/lib/notifications/mail-rules";

const reader = { email: "ana@example.test", emailVerified: null, notificationsEnabled: true, disabledAt: null };
const now = new Date("2026-06-01T10:00:00Z");
const reward = {
  status: "AVAILABLE",
  expiresAt: new Date("2026-06-03T10:00:00Z"),
  matchesJob: true,
  businessWithdrawn: false,
  optedOut: false,
};

describe("who gets a notification mail", () => {
  test("an account with an email and notifications on does", () => {
    expect(recipientSkipReason(reader, false)).toBeNull();
  });

  test("the Settings switch, a disabled or deleted account and a missing address stop it", () => {
    expect(recipientSkipReason({ ...reader, notificationsEnabled: false }, false)).toBe("notifications turned off");
    expect(recipientSkipReason({ ...reader, disabledAt: now }, false)).toBe("account disabled");
    expect(recipientSkipReason({ ...reader, email: null }, false)).toBe("no email address");
    expect(recipientSkipReason(null, false)).toBe("account deleted");
  });

  test("where the site asks for confirmed addresses, an unconfirmed one gets nothing", () => {
    expect(recipientSkipReason(reader, true)).toBe("email not confirmed");
    expect(recipientSkipReason({ ...reader, emailVerified: now }, true)).toBeNull();
  });
});

describe("which reward mails are still worth sending", () => {
  test("an available reward is announced and reminded of", () => {
    expect(rewardSkipReason("earned", reward, now)).toBeNull();
    expect(rewardSkipReason("expiring", reward, now)).toBeNull();
  });

  test("a redeemed or expired reward is neither", () => {
    for (const kind of ["earned", "expiring"] as const) {
      expect(rewardSkipReason(kind, { ...reward, status: "REDEEMED" }, now)).toBe("reward redeemed");
      expect(rewardSkipReason(kind, { ...reward, status: "EXPIRED" }, now)).toBe("reward expired");
      expect(rewardSkipReason(kind, { ...reward, expiresAt: new Date("2026-06-01T09:59:59Z") }, now)).toBe(
        "reward expired",
      );
    }
  });

  test("a reward without an expiry gets no reminder, but is announced", () => {
    expect(rewardSkipReason("expiring", { ...reward, expiresAt: null }, now)).toBe("reward does not expire");
    expect(rewardSkipReason("earned", { ...reward, expiresAt: null }, now)).toBeNull();
  });

  test("an opt-out from the business, a withdrawn business or a job about someone else's reward stop it", () => {
    expect(rewardSkipReason("earned", { ...reward, optedOut: true }, now)).toBe("unsubscribed from this business");
    expect(rewardSkipReason("earned", { ...reward, businessWithdrawn: true }, now)).toBe("business withdrawn");
    expect(rewardSkipReason("earned", { ...reward, matchesJob: false }, now)).toMatch(/another customer/);
  });
});

describe("the days a summary covers", () => {
  test("a local day given as midnight to midnight, or to the last millisecond, is that one day", () => {
    const from = new Date("2026-03-28T23:00:00Z"); // Sunday 29 March, 00:00 in Madrid (winter time)
    const to = new Date("2026-03-29T22:00:00Z"); // Monday 30 March, 00:00 (summer time: the day had 23 hours)
    expect(summaryDays(from, to, "Europe/Madrid")).toEqual({ fromDay: "2026-03-29", toDay: "2026-03-29" });
    expect(summaryDays(from, new Date(to.getTime() - 1), "Europe/Madrid")).toEqual({
      fromDay: "2026-03-29",
      toDay: "2026-03-29",
    });
  });

  test("a week is its seven local days, across the change back to winter time", () => {
    // Monday 19 October 00:00 in Madrid (summer time) to Monday 26 October 00:00 (winter time since the 25th).
    const across = { from: new Date("2026-10-18T22:00:00Z"), to: new Date("2026-10-25T23:00:00Z") };
    expect(summaryDays(across.from, across.to, "Europe/Madrid")).toEqual({
      fromDay: "2026-10-19",
      toDay: "2026-10-25",
    });
    // The week after, all in winter time.
    const from = new Date("2026-10-25T23:00:00Z");
    const to = new Date("2026-11-01T23:00:00Z");
    expect(summaryDays(from, to, "Europe/Madrid")).toEqual({ fromDay: "2026-10-26", toDay: "2026-11-01" });
  });

  test("an empty or backwards period is refused", () => {
    expect(summaryDays(now, now, "Europe/Madrid")).toBeNull();
    expect(summaryDays(now, new Date(now.getTime() - 1), "Europe/Madrid")).toBeNull();
  });
});
