import {
  businessJsonLd,
  localBusinessJsonLd,
  openingHoursSpecification,
  serializeJsonLd,
} from "@/lib/business/json-ld";
import type { JsonLdBusiness } from "@/lib/business/json-ld";
import type { PublicLocation } from "@/lib/business/public-locations";

// The public card's structured data with locations (docs/locations.md, "JSON-LD"):
// one open location keeps the LocalBusiness of before, exactly; several make an
// Organization with a LocalBusiness per location.

const cafe: JsonLdBusiness = {
  name: "Café Central",
  description: "Specialty coffee and pastries.",
  address: "Carrer de Verdi 1, 08012 Barcelona",
  phone: "+34 930 000 000",
  website: "https://www.example.com/cafe-central",
  logoUrl: "https://cdn.example.com/logo.png",
  socialMedia: { instagram: "https://instagram.com/cafecentral" },
};
const url = "https://loyaltap.example/b/cafe-central/es";
const canonical = "https://loyaltap.example/b/cafe-central";

const gracia: PublicLocation = {
  id: "loc-gracia",
  name: "Café Central",
  address: "Carrer de Verdi 1, 08012 Barcelona",
  placeId: "ChIJgracia",
  openingHours: [
    ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: "08:00", closes: "20:00" })),
    { day: 6, opens: "09:00", closes: "14:00" },
  ],
};
const born: PublicLocation = {
  id: "loc-born",
  name: "Born",
  address: "Carrer de la Princesa 5, 08003 Barcelona",
  placeId: null,
  openingHours: [],
};

describe("businessJsonLd", () => {
  it("with one location (or none) is exactly the LocalBusiness the card always had", () => {
    const before = localBusinessJsonLd(cafe, url);
    expect(businessJsonLd(cafe, url, [gracia], canonical)).toEqual(before);
    expect(businessJsonLd(cafe, url, [], canonical)).toEqual(before);
    // Byte for byte, as the page writes it.
    expect(serializeJsonLd(businessJsonLd(cafe, url, [gracia], canonical))).toBe(serializeJsonLd(before));
    expect(before).toEqual({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Café Central",
      url,
      description: "Specialty coffee and pastries.",
      address: "Carrer de Verdi 1, 08012 Barcelona",
      telephone: "+34 930 000 000",
      sameAs: ["https://www.example.com/cafe-central", "https://instagram.com/cafecentral"],
      logo: "https://cdn.example.com/logo.png",
      image: "https://cdn.example.com/logo.png",
    });
  });

  it("with two locations is an Organization with a LocalBusiness for each", () => {
    expect(businessJsonLd(cafe, url, [gracia, born], canonical)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Café Central",
      url,
      description: "Specialty coffee and pastries.",
      address: "Carrer de Verdi 1, 08012 Barcelona",
      telephone: "+34 930 000 000",
      sameAs: ["https://www.example.com/cafe-central", "https://instagram.com/cafecentral"],
      logo: "https://cdn.example.com/logo.png",
      image: "https://cdn.example.com/logo.png",
      subOrganization: [
        {
          "@type": "LocalBusiness",
          "@id": `${canonical}#location-loc-gracia`,
          // Named after the business already: as it is.
          name: "Café Central",
          url,
          address: "Carrer de Verdi 1, 08012 Barcelona",
          openingHoursSpecification: [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
              opens: "08:00",
              closes: "20:00",
            },
            { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "14:00" },
          ],
        },
        {
          "@type": "LocalBusiness",
          "@id": `${canonical}#location-loc-born`,
          name: "Café Central Born",
          url,
          address: "Carrer de la Princesa 5, 08003 Barcelona",
        },
      ],
    });
  });

  it("gives each location the same @id in every language of the card", () => {
    const ids = (pageUrl: string) =>
      (
        businessJsonLd(cafe, pageUrl, [gracia, born], canonical) as { subOrganization: { "@id": string }[] }
      ).subOrganization.map((l) => l["@id"]);
    expect(ids(`${canonical}/es`)).toEqual(ids(`${canonical}/ca`));
  });

  it("stays safe inside a <script> whatever the locations are called", () => {
    const hostile = { ...born, name: "</script><script>alert(1)</script>", address: "<b>x</b>" };
    const text = serializeJsonLd(businessJsonLd(cafe, url, [gracia, hostile], canonical));
    expect(text).not.toContain("<");
    expect(JSON.stringify(JSON.parse(text))).toContain("</script><script>alert(1)</script>");
  });
});

describe("openingHoursSpecification", () => {
  it("gives each distinct opening the days it applies to, a split day in two", () => {
    expect(
      openingHoursSpecification([
        { day: 1, opens: "09:00", closes: "14:00" },
        { day: 1, opens: "17:00", closes: "20:00" },
        { day: 2, opens: "09:00", closes: "14:00" },
        { day: 6, opens: "20:00", closes: "02:00" },
      ]),
    ).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday"], opens: "09:00", closes: "14:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday"], opens: "17:00", closes: "20:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "20:00", closes: "02:00" },
    ]);
  });
});
