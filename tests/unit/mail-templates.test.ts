import { escapeHtml, renderMailHtml } from "@/lib/mail/layout";
import { ownerSummaryMail, rewardMail, welcomeMail, type RewardMailFacts } from "@/lib/mail/notifications";
import { translator } from "@/tests/support/catalog";

const links = {
  unsubscribe: "https://loyaltap.example/unsubscribe?token=one-business",
  unsubscribeAll: "https://loyaltap.example/unsubscribe?token=every-mail",
  settings: "https://loyaltap.example/dashboard/settings",
};

function facts(overrides: Partial<RewardMailFacts> = {}): RewardMailFacts {
  return {
    firstName: "Ana",
    reward: { name: "Free coffee", code: "K7PQ2X", expiresAt: new Date("2026-08-01T10:00:00Z") },
    business: { name: "Café Central", color: "#0E7490", timeZone: "Europe/Madrid" },
    rewardUrl: "https://loyaltap.example/dashboard/redeem-reward/0197-reward",
    ...overrides,
  };
}

describe("the reward mails", () => {
  test("say the reward, the business, the code and how to redeem it, in HTML and in plain text", () => {
    const mail = rewardMail("earned", facts(), links, translator("en"), "en");
    expect(mail.subject).toBe("You earned Free coffee at Café Central");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("K7PQ2X");
      expect(part).toContain("show this code at the counter of Café Central");
      expect(part).toContain("Valid until Aug 01, 2026 12:00.");
    }
    expect(mail.html).toContain('href="https://loyaltap.example/dashboard/redeem-reward/0197-reward"');
    expect(mail.text).toContain("Open my reward: https://loyaltap.example/dashboard/redeem-reward/0197-reward");
    expect(mail.html).toContain('href="https://loyaltap.example/unsubscribe?token=one-business"');
    expect(mail.html).toContain("Stop mails from Café Central");
    expect(mail.text).toContain("Stop all mails from Loyaltap: https://loyaltap.example/unsubscribe?token=every-mail");
    expect(mail.html).toContain('<html lang="en"');
  });

  test("a business name or reward name with markup is shown as text, never as markup", () => {
    const mail = rewardMail(
      "earned",
      facts({
        reward: { name: `<img src=x onerror="alert(1)">`, code: "K7PQ2X", expiresAt: null },
        business: { name: `Bar <script>alert("x")</script> & Co's`, color: "#0E7490", timeZone: "Europe/Madrid" },
      }),
      links,
      translator("en"),
      "en",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Bar &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    // The plain-text part and the subject are text: the name as the owner typed it.
    expect(mail.text).toContain(`Bar <script>alert("x")</script> & Co's`);
    expect(mail.subject).toBe(`You earned <img src=x onerror="alert(1)"> at Bar <script>alert("x")</script> & Co's`);
  });

  test("a name with a line break cannot break the subject into a second header line", () => {
    const mail = rewardMail(
      "earned",
      facts({ business: { name: "Bar\r\nBcc: someone@example.test", color: null, timeZone: "Europe/Madrid" } }),
      links,
      translator("en"),
      "en",
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  test("are in the recipient's language", () => {
    const es = rewardMail("earned", facts(), links, translator("es"), "es");
    expect(es.subject).toBe("Has conseguido Free coffee en Café Central");
    expect(es.html).toContain("Código del premio");
    expect(es.html).toContain("enseña este código en el mostrador de Café Central");
    expect(es.html).toContain('<html lang="es"');
    const ca = rewardMail("earned", facts(), links, translator("ca"), "ca");
    expect(ca.subject).toBe("Has aconseguit Free coffee a Café Central");
    expect(ca.text).toContain("Codi del premi: K7PQ2X");
  });

  test("the reminder gives the expiry on the business's clock, not the server's", () => {
    // 22:30 UTC on 29 March 2026 is 00:30 on the 30th in Madrid (summer time began that night).
    const expiresAt = new Date("2026-03-29T22:30:00Z");
    const madrid = rewardMail(
      "expiring",
      facts({ reward: { name: "Free coffee", code: "K7PQ2X", expiresAt } }),
      links,
      translator("en"),
      "en",
    );
    expect(madrid.subject).toBe("Your reward Free coffee at Café Central expires on Mar 30, 2026 00:30");
    expect(madrid.html).toContain("Redeem it before then");
    expect(madrid.html).toContain("K7PQ2X");
    const newYork = rewardMail(
      "expiring",
      facts({
        reward: { name: "Free coffee", code: "K7PQ2X", expiresAt },
        business: { name: "Café Central", color: null, timeZone: "America/New_York" },
      }),
      links,
      translator("es"),
      "es",
    );
    expect(newYork.subject).toBe("Tu premio Free coffee en Café Central caduca el 29 mar 2026 18:30");
  });

  test("the band and the button take the business's colour, with text that reads on it", () => {
    const dark = rewardMail("earned", facts(), links, translator("en"), "en").html;
    expect(dark).toContain("background-color:#0E7490");
    expect(dark).toMatch(/color:#FFFFFF;text-decoration:none/);
    const light = rewardMail(
      "earned",
      facts({ business: { name: "Sol", color: "#FDE047", timeZone: "Europe/Madrid" } }),
      links,
      translator("en"),
      "en",
    ).html;
    expect(light).toMatch(/color:#111827;text-decoration:none/);
    const none = rewardMail(
      "earned",
      facts({ business: { name: "Sol", color: "red; background:url(x)", timeZone: "Europe/Madrid" } }),
      links,
      translator("en"),
      "en",
    ).html;
    expect(none).toContain("background-color:#4F46E5");
    expect(none).not.toContain("url(x)");
  });
});

describe("the welcome and summary mails", () => {
  test("welcome a customer to their wallet and an owner to their dashboard", () => {
    const customer = welcomeMail(
      { firstName: null, ownsBusiness: false, startUrl: "https://loyaltap.example/dashboard/wallet" },
      links,
      translator("en"),
      "en",
    );
    expect(customer.subject).toBe("Welcome to Loyaltap");
    expect(customer.text).toContain("Hi,");
    expect(customer.text).toContain("Open my wallet: https://loyaltap.example/dashboard/wallet");
    expect(customer.html).toContain('href="https://loyaltap.example/unsubscribe?token=every-mail"');
    const owner = welcomeMail(
      { firstName: "Marc", ownsBusiness: true, startUrl: "https://loyaltap.example/dashboard" },
      links,
      translator("ca"),
      "ca",
    );
    expect(owner.subject).toBe("Et donem la benvinguda a Loyaltap");
    expect(owner.text).toContain("Hola, Marc:");
    expect(owner.text).toContain("Obre el meu tauler: https://loyaltap.example/dashboard");
  });

  test("the owner's summary gives the period's figures, formatted for the language, and the insights link", () => {
    const summary = {
      firstName: "Marta",
      business: { name: "Café Central", color: "#0E7490" },
      fromDay: "2026-03-23",
      toDay: "2026-03-29",
      stats: { visits: 1234, newCustomers: 1, rewardsRedeemed: 0 },
      insightsUrl: "https://loyaltap.example/dashboard/business/b1/insights",
    };
    const weekly = ownerSummaryMail({ ...summary, period: "WEEKLY" }, links, translator("es"), "es");
    expect(weekly.subject).toBe("Café Central: tu semana, del 23 mar 2026 al 29 mar 2026");
    expect(weekly.text).toContain("Visitas: 1234");
    expect(weekly.text).toContain("Clientes nuevos: 1");
    expect(weekly.text).toContain("Premios canjeados: 0");
    expect(weekly.text).toContain("Ver estadísticas: https://loyaltap.example/dashboard/business/b1/insights");
    const daily = ownerSummaryMail(
      { ...summary, period: "DAILY", fromDay: "2026-03-29", toDay: "2026-03-29" },
      links,
      translator("en"),
      "en",
    );
    expect(daily.subject).toBe("Café Central: your day, Mar 29, 2026");
    expect(daily.html).toContain(">1,234<");
    expect(daily.html).toContain("Stop these summaries");
  });
});

describe("the layout", () => {
  test("escapes every character that could open markup or leave an attribute", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  test("refuses a link that is not an http(s) address", () => {
    const doc = {
      lang: "en",
      title: "t",
      preheader: "p",
      brand: { name: "B" },
      footer: { text: "f", links: [] },
    };
    expect(() =>
      renderMailHtml({ ...doc, blocks: [{ kind: "button", label: "Go", href: "javascript:alert(1)" }] }),
    ).toThrow("http(s)");
    expect(() => renderMailHtml({ ...doc, blocks: [{ kind: "button", label: "Go", href: "/relative" }] })).toThrow(
      "absolute",
    );
  });
});
