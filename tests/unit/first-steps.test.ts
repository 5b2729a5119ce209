import { firstSteps, type FirstStepFacts } from "@/lib/business/first-steps";

const fresh: FirstStepFacts = {
  businessId: "b 1",
  firstTagId: null,
  hasProgram: false,
  tagPrepared: false,
  tagTapped: false,
  dismissed: false,
};

const done = (facts: Partial<FirstStepFacts>) =>
  firstSteps({ ...fresh, ...facts })?.map((item) => (item.done ? item.step : null));

describe("firstSteps", () => {
  it("lists four steps to do for a new business, the tag's steps leading to its tags while it has none", () => {
    expect(firstSteps(fresh)).toEqual([
      { step: "claimTag", done: false, href: "/dashboard/tag/claim" },
      { step: "createProgram", done: false, href: "/dashboard/program/create?businessId=b%201" },
      { step: "prepareTag", done: false, href: "/dashboard/business/b%201?tab=tags" },
      { step: "tapTag", done: false, href: "/dashboard/business/b%201?tab=tags" },
    ]);
  });

  it("ticks each step from its own fact; a tap on a tag also proves it printed or written", () => {
    expect(done({ firstTagId: "t" })).toEqual(["claimTag", null, null, null]);
    expect(done({ hasProgram: true })).toEqual([null, "createProgram", null, null]);
    expect(done({ firstTagId: "t", tagPrepared: true })).toEqual(["claimTag", null, "prepareTag", null]);
    expect(done({ firstTagId: "t", tagTapped: true })).toEqual(["claimTag", null, "prepareTag", "tapTag"]);
  });

  it("leads the tag's steps to its QR page and its tap page", () => {
    const items = firstSteps({ ...fresh, firstTagId: "café/1" })!;
    expect(items[2]!.href).toBe("/dashboard/tag/caf%C3%A9%2F1/qr");
    expect(items[3]!.href).toBe("/tap?id=caf%C3%A9%2F1");
  });

  it("is gone when every step is done, or when the owner hid it", () => {
    expect(firstSteps({ ...fresh, firstTagId: "t", hasProgram: true, tagTapped: true })).toBeNull();
    expect(firstSteps({ ...fresh, dismissed: true })).toBeNull();
  });
});
