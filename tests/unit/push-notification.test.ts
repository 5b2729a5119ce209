import {
  pushTtlSeconds,
  rewardPushPayload,
  skipReason,
  tagAlertPushPayload,
  tagAlertPushSkipReason,
  type RewardPushFacts,
  type TagAlertPushFacts,
} from "@/lib/push/notification";
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

const alert: TagAlertPushFacts = {
  alertId: "01960000-0000-7000-8000-0000000000a1",
  kind: "SILENT",
  tag: "Counter",
  location: "Main street",
  businessId: "biz-1",
  businessName: "Café Central",
  days: 3,
  taps: 0,
  usual: 12,
};

describe("what a tag alert's push says", () => {
  test("each kind names the tag and what to check, in each language, opening the tag list", () => {
    expect(tagAlertPushPayload(alert, translator("en"), "en")).toEqual({
      title: "Tag Counter at Café Central: no taps",
      body:
        "At Main street. None for 3 open days; it usually gets about 12 a day. " +
        "Check the sticker is still at the counter, not covered or moved.",
      url: "/dashboard/business/biz-1?tab=tags",
      tag: `tag-alert:${alert.alertId}`,
      icon: "/icons/icon-192.png",
      lang: "en",
    });
    const burst = { ...alert, kind: "BURST" as const, taps: 25, location: null };
    expect(tagAlertPushPayload(burst, translator("es"), "es")).toMatchObject({
      title: "Etiqueta Counter de Café Central: 25 toques en una hora",
      body: "Suele tener unos 12 al día. Comprueba que nadie la toca una y otra vez, y que su dirección no se ha compartido en internet.",
    });
    const night = { ...alert, kind: "OUT_OF_HOURS" as const, taps: 2 };
    expect(tagAlertPushPayload(night, translator("ca"), "ca")).toMatchObject({
      title: "Etiqueta Counter de Café Central tocada amb el local tancat",
      body: "A Main street. 2 tocs fora del teu horari d'obertura. Comprova l'horari de la ubicació i que l'etiqueta no s'abasta des de fora.",
    });
    const plain = { ...alert, kind: "PLAIN_URL" as const, taps: 1, location: null };
    expect(tagAlertPushPayload(plain, translator("en"), "en").body).toBe(
      "Opened 1 time in the last day without the chip's code. Check its address isn't printed or shared anywhere.",
    );
    expect(tagAlertPushPayload({ ...alert, days: 1, location: null }, translator("es"), "es").body).toMatch(
      /^Ninguno en 1 día de apertura;/,
    );
  });

  test("a tag, location or business name with ICU syntax is shown as written", () => {
    const odd = { ...alert, tag: "{tag}", location: "Bar 'Pepe'", businessName: "{x, plural, other {#}}" };
    const payload = tagAlertPushPayload(odd, translator("en"), "en");
    expect(payload.title).toBe("Tag {tag} at {x, plural, other {#}}: no taps");
    expect(payload.body).toMatch(/^At Bar 'Pepe'\. None for 3 open days/);
  });

  test("the owner's choices about the alert mail hold for its push", () => {
    const told = { notificationsEnabled: true, disabled: false, businessWithdrawn: false, optedOut: false };
    expect(tagAlertPushSkipReason(told)).toBeNull();
    expect(tagAlertPushSkipReason({ ...told, notificationsEnabled: false })).toBe("notifications turned off");
    expect(tagAlertPushSkipReason({ ...told, optedOut: true })).toBe("unsubscribed from this business");
    expect(tagAlertPushSkipReason({ ...told, disabled: true })).toBe("account disabled");
    expect(tagAlertPushSkipReason({ ...told, businessWithdrawn: true })).toBe("business withdrawn");
  });
});
