import {
  BARCELONA,
  createGooglePlaceSearch,
  createListPlaceSearch,
  toPlaceSuggestion,
  type PlaceSuggestion,
  type TextSearchRequest,
} from "@/lib/business/places";

const place = (name: string, address: string): PlaceSuggestion => ({
  displayName: `${name}, ${address}`,
  businessName: name,
  address,
  placeId: `id-${name}`,
  types: ["cafe"],
  website: null,
  phone: null,
});

describe("Google place search", () => {
  it("asks for 3 results in Spanish, region ES, near Barcelona, with the needed fields", async () => {
    const requests: TextSearchRequest[] = [];
    const search = createGooglePlaceSearch(async (request) => {
      requests.push(request);
      return {
        places: [
          {
            id: "ChIJ1",
            displayName: "Café Central",
            formattedAddress: "Carrer Gran de Gràcia 1, Barcelona",
            types: ["cafe", "point_of_interest"],
            websiteURI: "https://cafe.example",
            internationalPhoneNumber: "+34 930 000 000",
            addressComponents: [
              { shortText: "Barcelona", types: ["locality", "political"] },
              { shortText: "ES", types: ["country", "political"] },
            ],
            location: { lat: () => 41.4026, lng: () => 2.1566 },
          },
        ],
      };
    });
    const results = await search.search(" café cen ");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      textQuery: "café cen",
      language: "es",
      region: "ES",
      maxResultCount: 3,
      locationBias: { center: BARCELONA },
    });
    expect(requests[0]?.fields).toEqual(
      expect.arrayContaining([
        "displayName",
        "formattedAddress",
        "types",
        "websiteURI",
        "internationalPhoneNumber",
        "addressComponents",
        "location",
      ]),
    );
    expect(results).toEqual([
      {
        displayName: "Café Central, Carrer Gran de Gràcia 1, Barcelona",
        businessName: "Café Central",
        address: "Carrer Gran de Gràcia 1, Barcelona",
        placeId: "ChIJ1",
        types: ["cafe", "point_of_interest"],
        website: "https://cafe.example",
        phone: "+34 930 000 000",
        countryCode: "ES",
        location: { lat: 41.4026, lng: 2.1566 },
      },
    ]);
  });

  it("does not search with fewer than 3 characters", async () => {
    const searchByText = jest.fn(async () => ({ places: [] }));
    const search = createGooglePlaceSearch(searchByText);
    expect(await search.search("ca ")).toEqual([]);
    expect(searchByText).not.toHaveBeenCalled();
  });

  it("never passes on a non-http website", () => {
    expect(toPlaceSuggestion({ id: "x", displayName: "X", websiteURI: "javascript:alert(1)" }).website).toBeNull();
    expect(toPlaceSuggestion({ id: "x", displayName: "X" })).toMatchObject({
      website: null,
      phone: null,
      types: [],
      address: "",
      countryCode: null,
      location: null,
    });
  });
});

describe("list place search (the e2e seam)", () => {
  const search = createListPlaceSearch([
    place("Forn Sant Joan", "Carrer de Sant Joan 1"),
    place("Forn Vell", "Carrer Major 2"),
    place("Forn Nou", "Carrer Nou 3"),
    place("Forn Blau", "Carrer Blau 4"),
    place("Bar Pinotxo", "La Boqueria"),
  ]);

  it("filters by name or address, case-insensitively, at most 3", async () => {
    expect((await search.search("pinotxo")).map((p) => p.businessName)).toEqual(["Bar Pinotxo"]);
    expect((await search.search("BOQUERIA")).map((p) => p.businessName)).toEqual(["Bar Pinotxo"]);
    expect(await search.search("forn")).toHaveLength(3);
  });

  it("needs 3 characters", async () => {
    expect(await search.search("fo")).toEqual([]);
  });
});
