import { guardFor, headerLoginPath, loginRedirectPath, safeRedirectPath } from "@/lib/auth/redirects";

describe("route guards", () => {
  it.each([
    ["/login", "guest"],
    ["/auth/callback", "none"],
    ["/dashboard", "auth"],
    ["/dashboard/wallet", "auth"],
    ["/dashboard/tag/claim/abc", "auth"],
    ["/admin/users/1", "auth"],
    ["/", "none"],
    ["/tap", "none"],
    ["/register", "none"],
    ["/claim/register", "none"],
    ["/qr/123", "none"],
    ["/dashboards", "none"],
    ["/loginx", "none"],
  ])("%s is %s", (path, guard) => {
    expect(guardFor(path)).toBe(guard);
  });

  it("sends a visitor to login with the full path and query, URL-encoded", () => {
    expect(loginRedirectPath("/dashboard", "")).toBe("/login?redirect=%2Fdashboard");
    expect(loginRedirectPath("/dashboard/tag/claim/t1", "?tagId=t1")).toBe(
      "/login?redirect=%2Fdashboard%2Ftag%2Fclaim%2Ft1%3FtagId%3Dt1",
    );
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard/settings", "/dashboard/settings"],
    ["/tap?id=abc&x=1", "/tap?id=abc&x=1"],
    ["/register?tap_id=t1&redirect=%2Ftap%3Fid%3Dt1", "/register?tap_id=t1&redirect=%2Ftap%3Fid%3Dt1"],
    ["/dashboard/tag/claim/t1?tagId=t1", "/dashboard/tag/claim/t1?tagId=t1"],
    ["/dashboard#rewards", "/dashboard#rewards"],
    ["/", "/"],
    // Normalisation that stays on this origin is kept, normalised.
    ["/a/../dashboard", "/dashboard"],
    ["/./dashboard", "/dashboard"],
  ])("keeps the same-origin path %p as %p", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  // Every one of these is refused outright: none may come back in any form.
  it.each([
    // Protocol-relative and backslash forms.
    "//evil.example",
    "//evil.example/dashboard",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/dashboard\\..\\..\\evil",
    // Paths that only become "//host" after normalisation (the reported bug).
    "/.//evil.example/phish",
    "/./\\evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    // Percent-encoded slashes and backslashes that decode into another host.
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    // Tabs, newlines and other controls, raw or encoded.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "/%00",
    "/dashboard\u0000",
    "/\u0085/evil.example",
    "/%C2%85/evil.example",
    " //evil.example",
    "/ /evil.example",
    // Unicode slashes and other non-ASCII characters.
    "/\u2215evil.example",
    "/\uFF0F\uFF0Fevil.example",
    "/\u2044evil.example",
    "/\u3002evil.example",
    // Absolute URLs and schemes.
    "https://evil.example",
    "http:/evil.example",
    "http:evil.example",
    "HTTPS://evil.example/dashboard",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "mailto:victim@example.test",
    // Relative paths and malformed escapes.
    "dashboard",
    "evil.example",
    "./dashboard",
    "../dashboard",
    "?redirect=//evil.example",
    "#//evil.example",
    "/%zz",
    "/%",
    // Non-strings, empties and oversize values.
    "",
    null,
    undefined,
    42,
    ["/dashboard", "//evil.example"],
    { toString: () => "/dashboard" },
  ])("refuses %p", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it("refuses a target longer than 2048 characters", () => {
    expect(safeRedirectPath("/" + "a".repeat(2048))).toBeNull();
  });

  it("never returns a value that a browser reads as another origin", () => {
    const hostile = ["/.//x", "/./\\x", "/%2e%2e//x", "/a/b/../..//x", "/././/x"];
    for (const value of hostile) {
      const result = safeRedirectPath(value);
      if (result !== null) expect(new URL(result, "https://loyaltap.example").origin).toBe("https://loyaltap.example");
    }
  });
});

describe("headerLoginPath: where the header's Log in comes back to", () => {
  it("brings people back to the page they were reading", () => {
    expect(headerLoginPath("/b/cafe-central", "")).toBe("/login?redirect=%2Fb%2Fcafe-central");
    expect(headerLoginPath("/about", "")).toBe("/login?redirect=%2Fabout");
    expect(headerLoginPath("/tap", "?id=demo-cafe")).toBe("/login?redirect=%2Ftap%3Fid%3Ddemo-cafe");
  });

  it("is plain on home, log-in and the account pages, whose own ?redirect= it would carry along", () => {
    for (const [pathname, search] of [
      ["/", ""],
      ["/login", "?redirect=%2Fdashboard"],
      ["/register", "?redirect=%2F.%2F%2Fevil.example%2Fphish"],
      ["/register/business", ""],
      ["/auth/reset", "?token=abc"],
      ["/sign-out", ""],
      ["/claim/register", "?tap_id=tag-1&redirect=%2F.%2F%2Fevil.example%2Fphish"],
    ] as const) {
      expect(headerLoginPath(pathname, search)).toBeNull();
    }
  });

  it("is plain for a path that is not a safe same-origin target", () => {
    expect(headerLoginPath("//evil.example/x", "")).toBeNull();
  });
});
