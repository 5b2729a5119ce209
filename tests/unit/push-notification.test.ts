import { pushTtlSeconds, rewardPushPayload, skipReason, type RewardPushFacts } from "@/lib/push/notification";
import { translator } from "../support/catalog";

const now = new Date("2026-05-10T12:00:00Z");
const reward: RewardPushFacts = {
  id: "01960000-0000-7000-8000-000000000001",
  name: "Free coffee",
  status: "AVAILABLE",
  expiresAt: new Date("2026-05-12T12:00:00Z"),
  businessName: "Café Central",
  timeZone: "Europe/Madrid",
  notificationsEnabled: true,
};

describe("whether a reward's push is still worth sending", () => {
  test("an available reward is announced and reminded of", () => {
    expect(skipReason("reward-earned", reward, now)).toBeNull();
    expect(skipReason("reward-expiring", reward, now)).toBeNull();
  });

  test("not to a customer who turned notifications off, nor for a reward redeemed, expired or without an expiry to remind of", () => {
    expect(skipReason("reward-earned", { ...reward, notificationsEnabled: false }, now)).toBe(
      "notifications turned off",
    );
    expect(skipReason("reward-earned", { ...reward, status: "REDEEMED" }, now)).toBe("reward redeemed");
    expect(skipReason("reward-expiring", { ...reward, expiresAt: now }, now)).toBe("reward expired");
    expect(skipReason("reward-expiring", { ...reward, expiresAt: null }, now)).toBe("reward does not expire");
    expect(skipReason("reward-earned", { ...reward, expiresAt: null }, now)).toBeNull();
  });

  test("a push service keeps the message no longer than the reward lasts, and a week at most", () => {
    expect(pushTtlSeconds(reward, now)).toBe(2 * 86_400);
    expect(pushTtlSeconds({ expiresAt: null }, now)).toBe(7 * 86_400);
    expect(pushTtlSeconds({ expiresAt: new Date(now.getTime() + 5_000) }, now)).toBe(60);
  });
});

describe("what a reward's push says", () => {
  test("in each language, opening the reward's own page", () => {
    expect(rewardPushPayload("reward-earned", reward, translator("en"), "en")).toEqual({
      title: "You earned a reward at Café Central",
      body: "Free coffee is ready in your wallet. Show it at the counter.",
      url: `/dashboard/redeem-reward/${reward.id}`,
      tag: `reward-earned:${reward.id}`,
      icon: "/icons/icon-192.png",
      lang: "en",
    });
    expect(rewardPushPayload("reward-expiring", reward, translator("es"), "es")).toMatchObject({
      title: "Tu premio en Café Central caduca pronto",
      body: "Puedes canjear Free coffee hasta el 12 may 2026. Enseña el premio en el mostrador antes de esa fecha.",
      tag: `reward-expiring:${reward.id}`,
    });
  });

  test("a business or reward name with ICU syntax is shown as written", () => {
    const odd = { ...reward, businessName: "Bar {x} 'Pepe'", name: "2x1 {plural}" };
    const payload = rewardPushPayload("reward-earned", odd, translator("ca"), "ca");
    expect(payload.title).toBe("Has aconseguit un premi a Bar {x} 'Pepe'");
    expect(payload.body).toBe("2x1 {plural} ja és a la teva cartera. Ensenya el premi al taulell.");
  });
});
