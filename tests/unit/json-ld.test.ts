import { localBusinessJsonLd, serializeJsonLd, type JsonLdBusiness } from "@/lib/business/json-ld";

const cafe: JsonLdBusiness = {
  name: "Café Central",
  description: "Specialty coffee and pastries.",
  address: "Carrer de Verdi 1, 08012 Barcelona",
  phone: "+34 930 000 000",
  website: "https://www.example.com/cafe-central",
  logoUrl: "https://cdn.example.com/logo.png",
  socialMedia: { instagram: "https://instagram.com/cafecentral", facebook: "https://facebook.com/cafecentral" },
};
const url = "https://loyaltap.example/b/cafe-central";

describe("localBusinessJsonLd", () => {
  it("describes the business as a schema.org LocalBusiness", () => {
    expect(localBusinessJsonLd(cafe, url)).toEqual({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Café Central",
      url,
      description: "Specialty coffee and pastries.",
      address: "Carrer de Verdi 1, 08012 Barcelona",
      telephone: "+34 930 000 000",
      sameAs: [
        "https://www.example.com/cafe-central",
        "https://instagram.com/cafecentral",
        "https://facebook.com/cafecentral",
      ],
      logo: "https://cdn.example.com/logo.png",
      image: "https://cdn.example.com/logo.png",
    });
  });

  it("leaves out what the business has not filled in", () => {
    const ld = localBusinessJsonLd(
      { name: "Bar", description: null, address: null, phone: null, website: null, logoUrl: null, socialMedia: {} },
      url,
    );
    expect(ld).toEqual({ "@context": "https://schema.org", "@type": "LocalBusiness", name: "Bar", url });
  });

  it("never lists a non-http(s) link", () => {
    const ld = localBusinessJsonLd(
      {
        ...cafe,
        website: "javascript:alert(1)",
        logoUrl: "data:image/png;base64,AA",
        socialMedia: { x: "javascript:alert(1)" },
      },
      url,
    );
    expect(ld.sameAs).toBeUndefined();
    expect(ld.logo).toBeUndefined();
    expect(JSON.stringify(ld)).not.toMatch(/javascript:|data:/);
  });
});

describe("serializeJsonLd", () => {
  it("escapes < so the JSON cannot close its <script> tag, and stays the same JSON", () => {
    const ld = localBusinessJsonLd({ ...cafe, description: "Best </script><script>alert(1)</script> coffee" }, url);
    const text = serializeJsonLd(ld);
    expect(text).not.toContain("<");
    expect(text.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(text)).toEqual(ld);
  });

  it("escapes line and paragraph separators", () => {
    const text = serializeJsonLd({ d: "a\u2028b\u2029c" });
    expect(text).toBe('{"d":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(text)).toEqual({ d: "a\u2028b\u2029c" });
  });
});
