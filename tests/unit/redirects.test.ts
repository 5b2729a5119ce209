import { guardFor, loginRedirectPath, safeRedirectPath } from "@/lib/auth/redirects";

describe("route guards (spec §2)", () => {
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
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirectPath("/dashboard/settings")).toBe("/dashboard/settings");
    expect(safeRedirectPath("/tap?id=abc&x=1")).toBe("/tap?id=abc&x=1");
  });

  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\tevil",
    "/%0d%0aSet-Cookie:x",
    "dashboard",
    "",
    null,
    undefined,
  ])("rejects %p", (value) => {
    const result = safeRedirectPath(value as string | null | undefined);
    // Encoded CR/LF stay encoded (harmless path); everything else is refused.
    if (result !== null) expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    if (value !== "/%0d%0aSet-Cookie:x") expect(result).toBeNull();
  });
});
