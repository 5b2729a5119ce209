import { activeTabHref, DASHBOARD_TABS, qrUrlFor } from "@/components/dashboard-shell/nav-items";

describe("dashboard bottom navigation tabs", () => {
  it("has Home, Wallet, Rewards and Settings at their dashboard paths", () => {
    expect(DASHBOARD_TABS.map((t) => [t.label, t.href])).toEqual([
      ["Home", "/dashboard"],
      ["Wallet", "/dashboard/wallet"],
      ["Rewards", "/dashboard/rewards"],
      ["Settings", "/dashboard/settings"],
    ]);
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/", "/dashboard"],
    ["/dashboard/wallet", "/dashboard/wallet"],
    ["/dashboard/rewards/abc", "/dashboard/rewards"],
    ["/dashboard/settings", "/dashboard/settings"],
    ["/dashboard/business/123", null],
    ["/dashboard/walletx", null],
    ["/tap", null],
  ])("%s → %s", (path, tab) => {
    expect(activeTabHref(path)).toBe(tab);
  });

  it("encodes /qr/{userId} on the given origin", () => {
    expect(qrUrlFor("https://loyaltap.example", "0199-abc")).toBe("https://loyaltap.example/qr/0199-abc");
    expect(qrUrlFor("http://127.0.0.1:3000/", "x y")).toBe("http://127.0.0.1:3000/qr/x%20y");
  });
});
