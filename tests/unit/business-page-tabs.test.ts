import { businessNavFor, businessTab, businessTabHref } from "@/lib/business/page-tabs";

describe("the business page's tabs", () => {
  it("opens on the programs", () => {
    expect(businessTab(undefined)).toBe("programs");
    expect(businessTab("")).toBe("programs");
  });

  it("opens the tab the address names", () => {
    expect(businessTab("tags")).toBe("tags");
    expect(businessTab("card")).toBe("card");
    expect(businessTab("profile")).toBe("profile");
    expect(businessTab(["profile", "tags"])).toBe("profile");
  });

  it("falls back to the programs for a tab that does not exist", () => {
    expect(businessTab("settings")).toBe("programs");
    expect(businessTab("Tags")).toBe("programs");
    expect(businessTab(["nope", "tags"])).toBe("programs");
  });

  it("links each tab by its own address, the programs by the page's", () => {
    expect(businessTabHref("biz-1", "programs")).toBe("/dashboard/business/biz-1");
    expect(businessTabHref("biz-1", "card")).toBe("/dashboard/business/biz-1?tab=card");
    expect(businessTabHref("café y té", "tags")).toBe("/dashboard/business/caf%C3%A9%20y%20t%C3%A9?tab=tags");
  });
});

describe("the business page's bar, by who looks at it", () => {
  it("offers the owner every entry", () => {
    expect(businessNavFor("owner")).toEqual([
      "programs",
      "customers",
      "review",
      "insights",
      "campaigns",
      "tags",
      "card",
      "profile",
      "locations",
      "staff",
      "integrations",
    ]);
  });

  it("offers a staff member only what their role may open: the customers and the review queue", () => {
    expect(businessNavFor("staff")).toEqual(["customers", "review"]);
  });
});
