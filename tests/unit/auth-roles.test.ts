import { isAdmin } from "@/lib/auth/roles";

describe("who may use /admin", () => {
  it("an enabled ADMIN account", () => {
    expect(isAdmin({ role: "ADMIN", disabledAt: null })).toBe(true);
    expect(isAdmin({ role: "ADMIN" })).toBe(true);
  });

  it("nobody else: a customer, a disabled admin, no account", () => {
    expect(isAdmin({ role: "CUSTOMER", disabledAt: null })).toBe(false);
    expect(isAdmin({ role: "ADMIN", disabledAt: new Date("2026-01-01T00:00:00Z") })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});
