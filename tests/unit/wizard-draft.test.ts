import { fromDraft, reachableStep, stepFromQuery, toDraft, withStep } from "@/lib/business/wizard-draft";
import { filledWizard } from "../support/wizard";

// The registration wizard survives a reload: its step is in the URL and what
// was typed waits in session storage, never the password.

const typed = filledWizard();

describe("the wizard's step in the URL", () => {
  it("reads ?step=1..3 as the steps, anything else as none", () => {
    expect(stepFromQuery("1")).toBe(0);
    expect(stepFromQuery("3")).toBe(2);
    for (const value of [null, undefined, "", "0", "4", "2.5", "-1", "02", "x"])
      expect(stepFromQuery(value)).toBeNull();
  });

  it("sets the step and keeps the other parameters", () => {
    expect(withStep("", 1)).toBe("?step=2");
    expect(withStep("?tap_id=tag-1&step=3", 0)).toBe("?tap_id=tag-1&step=1");
  });
});

describe("the wizard's draft", () => {
  it("never holds the password", () => {
    const draft = toDraft(typed, null, false);
    expect(draft).not.toContain("a good password");
    expect(JSON.parse(draft).values).not.toHaveProperty("password");
    expect(JSON.parse(draft).values).not.toHaveProperty("confirmPassword");
  });

  it("gives back the business, its settings and the visitor's account fields", () => {
    expect(fromDraft(toDraft(typed, "tag-1", false), "tag-1", false)).toEqual({
      businessName: "Forn de la Plaça",
      keywords: ["Bakery"],
      description: "",
      website: "",
      phone: "+34 931 234 567",
      address: "Plaça del Sol 3, Barcelona",
      placeId: null,
      language: "ca",
      timezone: "Europe/Madrid",
      firstName: "Marta",
      lastName: "Vidal",
      email: "marta@example.test",
    });
  });

  it("leaves a signed-in owner's account fields to their account", () => {
    const restored = fromDraft(toDraft(typed, null, false), null, true);
    expect(restored).toMatchObject({ businessName: "Forn de la Plaça" });
    expect(restored).not.toHaveProperty("email");
  });

  it("is ignored for another tag, or when it is not a draft", () => {
    expect(fromDraft(toDraft(typed, "tag-1", false), "tag-2", false)).toBeNull();
    expect(fromDraft(toDraft(typed, "tag-1", false), null, false)).toBeNull();
    expect(fromDraft("{not json", null, false)).toBeNull();
    expect(fromDraft(JSON.stringify({ values: { businessName: 3 } }), null, false)).toBeNull();
    expect(fromDraft(null, null, false)).toBeNull();
  });
});

describe("the step a reload may show", () => {
  it("is the one asked for when the steps before it are complete", () => {
    expect(reachableStep(2, [])).toBe(2);
    expect(reachableStep(1, ["password"])).toBe(1);
  });

  it("is the first incomplete step before it (the password is never kept)", () => {
    expect(reachableStep(2, ["password", "confirmPassword"])).toBe(1);
    expect(reachableStep(2, ["phone", "password"])).toBe(0);
  });
});
