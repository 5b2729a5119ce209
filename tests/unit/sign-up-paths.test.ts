import { safeRedirectPath } from "@/lib/auth/redirects";
import { cardSignUpPath, claimTagPath, loginPath, signUpLanding, tapPath } from "@/lib/auth/sign-up-paths";

describe("the addresses that carry a sign-up's context", () => {
  it("sends a card's visitor to the sign-up for its business", () => {
    expect(cardSignUpPath("cafe-central")).toBe("/register?business=cafe-central");
  });

  it("brings an owner who logs in to claim a tag to the claim form with that tag", () => {
    expect(claimTagPath("tag-7")).toBe("/dashboard/tag/claim/tag-7?tagId=tag-7");
    expect(loginPath(claimTagPath("tag-7"))).toBe("/login?redirect=%2Fdashboard%2Ftag%2Fclaim%2Ftag-7%3FtagId%3Dtag-7");
  });

  it("comes back to the tag after logging in from its page", () => {
    expect(loginPath(tapPath("demo-cafe"))).toBe("/login?redirect=%2Ftap%3Fid%3Ddemo-cafe");
    expect(loginPath(null)).toBe("/login");
  });

  it("builds only paths the redirect check accepts as they are", () => {
    for (const path of [tapPath("a_b-1"), claimTagPath("a_b-1"), cardSignUpPath("a-b")]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it.each([
    [{ redirect: "/tap?id=x", tapId: "x", joined: false }, "/tap?id=x"],
    [{ redirect: null, tapId: "x", joined: false }, "/tap?id=x"],
    [{ redirect: null, tapId: null, joined: true }, "/dashboard/wallet"],
    [{ redirect: null, tapId: null, joined: false }, "/dashboard"],
  ])("after sign-up %o lands on %s", (context, landing) => {
    expect(signUpLanding(context)).toBe(landing);
  });
});
