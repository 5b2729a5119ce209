import {
  contrastRatio,
  DEFAULT_BACKGROUND,
  DEFAULT_PRIMARY,
  DEFAULT_SECONDARY,
  isHexColor,
  normaliseTheme,
  PLACEHOLDER_ICONS,
  readableTextOn,
  resolveTheme,
} from "@/lib/business/theme";

const DARK = "#111827";
const LIGHT = "#FFFFFF";

describe("theme colours are hex with 3 or 6 digits", () => {
  it.each(["#fff", "#FFF", "#4F46E5", "#4f46e5", "#000000"])("%s is a colour", (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each(["fff", "#ffff", "#12345", "#1234567", "#ggg", "red", "rgb(0,0,0)", "#4F46E5 ", "", null, 123])(
    "%j is not",
    (value) => {
      expect(isHexColor(value)).toBe(false);
    },
  );
});

describe("resolveTheme: defaults", () => {
  it("an empty theme gets primary #4F46E5, secondary #7C3AED, accent = primary, background #fff and the store icon", () => {
    expect(resolveTheme({})).toEqual({
      primaryColor: DEFAULT_PRIMARY,
      secondaryColor: DEFAULT_SECONDARY,
      accentColor: DEFAULT_PRIMARY,
      backgroundColor: DEFAULT_BACKGROUND,
      textColor: DARK,
      descriptionColor: DARK,
      placeholderIcon: "store",
    });
    expect(DEFAULT_PRIMARY).toBe("#4F46E5");
    expect(DEFAULT_SECONDARY).toBe("#7C3AED");
    expect(DEFAULT_BACKGROUND).toBe("#fff");
  });

  it("replaces colours that are not hex by the defaults", () => {
    const theme = resolveTheme({
      primaryColor: "red",
      secondaryColor: "#12",
      backgroundColor: "url(x)",
      accentColor: "javascript:1",
    });
    expect(theme.primaryColor).toBe("#4F46E5");
    expect(theme.secondaryColor).toBe("#7C3AED");
    expect(theme.accentColor).toBe("#4F46E5");
    expect(theme.backgroundColor).toBe("#fff");
  });

  it("accent follows a custom primary unless set", () => {
    expect(resolveTheme({ primaryColor: "#7C2D12" }).accentColor).toBe("#7C2D12");
    expect(resolveTheme({ primaryColor: "#7C2D12", accentColor: "#abc" }).accentColor).toBe("#abc");
  });

  it("keeps valid 3- and 6-digit colours as given", () => {
    const theme = resolveTheme({ primaryColor: "#0a0", secondaryColor: "#B45309", backgroundColor: "#FAFAF9" });
    expect(theme).toMatchObject({ primaryColor: "#0a0", secondaryColor: "#B45309", backgroundColor: "#FAFAF9" });
  });

  it("accepts the theme as JSON text (the registration payload) or as an object", () => {
    const json = JSON.stringify({ primaryColor: "#7C2D12", placeholderIcon: "coffee" });
    expect(resolveTheme(json)).toEqual(resolveTheme({ primaryColor: "#7C2D12", placeholderIcon: "coffee" }));
    expect(resolveTheme(json).primaryColor).toBe("#7C2D12");
  });

  it("treats broken JSON, arrays and other values as an empty theme", () => {
    for (const input of ["{not json", "[1,2]", "null", [], null, undefined, 42]) {
      expect(resolveTheme(input)).toEqual(resolveTheme({}));
    }
  });
});

describe("text colours are dark or light by contrast", () => {
  it("dark text on light backgrounds, light text on dark ones", () => {
    expect(readableTextOn("#fff")).toBe(DARK);
    expect(readableTextOn("#FEF3C7")).toBe(DARK);
    expect(readableTextOn("#000")).toBe(LIGHT);
    expect(readableTextOn("#1E3A8A")).toBe(LIGHT);
    expect(resolveTheme({ backgroundColor: "#0F172A" }).textColor).toBe(LIGHT);
  });

  it("computes the WCAG contrast ratio", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#4F46E5", "#FFFFFF")).toBeCloseTo(contrastRatio("#FFFFFF", "#4F46E5"), 10);
  });

  it("keeps a readable stored text colour and replaces an unreadable one", () => {
    expect(resolveTheme({ backgroundColor: "#FFFFFF", textColor: "#7C2D12" }).textColor).toBe("#7C2D12");
    // The registration payload's white text on a white background would be invisible.
    expect(resolveTheme({ backgroundColor: "#FFFFFF", textColor: "#FFFFFF" }).textColor).toBe(DARK);
    expect(resolveTheme({ backgroundColor: "#000", textColor: "#111" }).textColor).toBe(LIGHT);
  });

  it("the description colour follows the same rule, defaulting to the text colour", () => {
    expect(resolveTheme({ backgroundColor: "#000" }).descriptionColor).toBe(LIGHT);
    expect(resolveTheme({ descriptionColor: "#374151" }).descriptionColor).toBe("#374151");
    expect(resolveTheme({ descriptionColor: "#EEEEEE" }).descriptionColor).toBe(DARK);
  });
});

describe("placeholder icon", () => {
  it("has the fixed list of icons with store first", () => {
    expect(PLACEHOLDER_ICONS).toEqual([
      "store",
      "ice-cream",
      "utensils",
      "cake",
      "coffee",
      "shopping-bag",
      "pizza",
      "beer",
      "wine",
      "leaf",
      "heart",
      "music",
      "book",
      "dumbbell",
    ]);
  });

  it("defaults to store and refuses unknown icons", () => {
    expect(resolveTheme({}).placeholderIcon).toBe("store");
    expect(resolveTheme({ placeholderIcon: "rocket" }).placeholderIcon).toBe("store");
    expect(resolveTheme({ placeholderIcon: "pizza" }).placeholderIcon).toBe("pizza");
  });
});

describe("normaliseTheme (what is stored)", () => {
  it("keeps only valid colours and a known icon, dropping unknown keys", () => {
    expect(
      normaliseTheme({
        primaryColor: "#abc",
        secondaryColor: "blue",
        textColor: "",
        placeholderIcon: "nope",
        evil: "<script>",
      }),
    ).toEqual({ primaryColor: "#abc" });
  });
});
