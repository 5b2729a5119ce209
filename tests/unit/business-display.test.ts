import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BusinessCard } from "@/components/business/business-card";
import {
  displayHostname,
  keywordIconFor,
  safeHttpUrl,
  socialIconFor,
  socialLabel,
  socialLinks,
  telHref,
} from "@/lib/business/display";
import { resolveTheme } from "@/lib/business/theme";

describe("safeHttpUrl: only http(s) links are ever rendered", () => {
  it.each([
    ["https://example.com", "https://example.com/"],
    ["http://example.com/menu?x=1", "http://example.com/menu?x=1"],
    ["  https://www.example.com/a  ", "https://www.example.com/a"],
  ])("keeps %s", (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://example.com",
    "mailto:a@b.c",
    "//example.com",
    "example.com",
    "",
    "   ",
  ])("refuses %j", (input) => {
    expect(safeHttpUrl(input)).toBeNull();
  });

  it("refuses non-strings", () => {
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl(42)).toBeNull();
    expect(safeHttpUrl({ href: "https://example.com" })).toBeNull();
  });
});

describe("displayHostname: hostname without www", () => {
  it.each([
    ["https://www.example.com/cafe-central", "example.com"],
    ["http://example.com", "example.com"],
    ["https://WWW.Example.COM/", "example.com"],
    ["https://shop.example.com/path", "shop.example.com"],
    ["https://www2.example.com", "www2.example.com"],
    ["https://wwwexample.com", "wwwexample.com"],
  ])("%s → %s", (url, host) => {
    expect(displayHostname(url)).toBe(host);
  });

  it("shows nothing for a non-http(s) link", () => {
    expect(displayHostname("javascript:alert(1)")).toBeNull();
    expect(displayHostname("not a url")).toBeNull();
  });
});

describe("social and keyword icons", () => {
  it.each(["facebook", "twitter", "x", "instagram", "linkedin", "youtube", "tiktok", "spotify"])(
    "%s has its own icon",
    (network) => {
      expect(socialIconFor(network)).toBe(network);
    },
  );

  it("matches network names whatever their case, spacing or punctuation", () => {
    expect(socialIconFor("Instagram")).toBe("instagram");
    expect(socialIconFor(" YouTube ")).toBe("youtube");
    expect(socialIconFor("Tik Tok")).toBe("tiktok");
    expect(socialIconFor("LinkedIn")).toBe("linkedin");
  });

  it("falls back to the generic web icon for any other network", () => {
    expect(socialIconFor("mastodon")).toBe("web");
    expect(socialIconFor("website")).toBe("web");
    expect(socialIconFor("")).toBe("web");
  });

  it("a keyword named like a network gets its icon; other keywords none", () => {
    expect(keywordIconFor("Instagram")).toBe("instagram");
    expect(keywordIconFor("Cafe")).toBeNull();
    expect(keywordIconFor("Bakery")).toBeNull();
  });

  it("gives each link an accessible name", () => {
    expect(socialLabel("instagram")).toBe("Instagram");
    expect(socialLabel("linkedin")).toBe("LinkedIn");
    expect(socialLabel("x")).toBe("X");
    expect(socialLabel("mastodon")).toBe("Mastodon");
  });
});

describe("socialLinks", () => {
  it("keeps http(s) links with icon and label and drops anything else", () => {
    expect(
      socialLinks({
        instagram: "https://instagram.com/cafecentral",
        facebook: "javascript:alert(1)",
        mastodon: "https://mastodon.social/@cafe",
        tiktok: 7,
      }),
    ).toEqual([
      { network: "instagram", url: "https://instagram.com/cafecentral", icon: "instagram", label: "Instagram" },
      { network: "mastodon", url: "https://mastodon.social/@cafe", icon: "web", label: "Mastodon" },
    ]);
  });
});

describe("telHref", () => {
  it("keeps digits and a leading plus", () => {
    expect(telHref("+34 930 000 000")).toBe("tel:+34930000000");
    expect(telHref("(93) 000-00-00")).toBe("tel:930000000");
  });

  it("gives no link for text without digits", () => {
    expect(telHref("ask at the bar")).toBeNull();
  });
});

describe("BusinessCard markup", () => {
  // Rendered as on the server; the card is a plain (non-client) component.
  const render = (overrides: Record<string, unknown> = {}, headingLevel?: 1 | 2) => {
    const business = {
      name: "Café Central",
      logoUrl: null,
      description: "Specialty coffee.",
      keywords: ["Cafe", "Instagram"],
      website: "https://www.example.com/cafe-central",
      phone: "+34 930 000 000",
      address: "Carrer de Verdi 1",
      socialMedia: { instagram: "https://instagram.com/cafecentral", mastodon: "https://mastodon.social/@cafe" },
      theme: resolveTheme({ primaryColor: "#7C2D12", backgroundColor: "#FFFBEB", placeholderIcon: "coffee" }),
      ...overrides,
    };
    return renderToStaticMarkup(createElement(BusinessCard, { business, headingLevel }));
  };

  it("shows the theme colours, the hostname without www and safe external links", () => {
    const html = render();
    expect(html).toContain("background-color:#FFFBEB");
    expect(html).toContain('<a href="https://www.example.com/cafe-central" target="_blank" rel="noopener noreferrer"');
    expect(html).toMatch(/>example\.com<\/a>/);
    expect(html).toContain('href="tel:+34930000000"');
    expect(html).toContain('aria-label="Instagram"');
    expect(html).toContain('data-network="web"');
    expect(html).toContain('data-icon="coffee"');
    expect(html).toMatch(/<h2[^>]*>Café Central<\/h2>/);
  });

  it("uses an h1 on the public page", () => {
    expect(render({}, 1)).toMatch(/<h1[^>]*>Café Central<\/h1>/);
  });

  it("shows the logo instead of the icon when there is one", () => {
    const html = render({ logoUrl: "https://cdn.example.com/logo.png" });
    expect(html).toMatch(/<img[^>]*src="https:\/\/cdn\.example\.com\/logo\.png"[^>]*>/);
    expect(html).toContain('alt="Café Central logo"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("data-icon=");
  });

  it("never renders a javascript: link even if one reaches it", () => {
    const html = render({
      website: "javascript:alert(1)",
      logoUrl: "javascript:alert(2)",
      socialMedia: { facebook: "javascript:alert(3)", instagram: "https://instagram.com/ok" },
    });
    expect(html.toLowerCase()).not.toContain("javascript:");
    expect(html).toContain('aria-label="Instagram"');
    expect(html).not.toContain('aria-label="Facebook"');
  });
});
