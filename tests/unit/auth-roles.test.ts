import { accountKind, isAdmin } from "@/lib/auth/roles";

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

describe("what the admin pages call an account", () => {
  it("an admin is an admin, whether or not they own a business", () => {
    expect(accountKind({ role: "ADMIN" }, 0)).toBe("admin");
    expect(accountKind({ role: "ADMIN" }, 2)).toBe("admin");
  });

  it("a customer account that owns a business is an owner; one that owns none is a customer", () => {
    expect(accountKind({ role: "CUSTOMER" }, 1)).toBe("owner");
    expect(accountKind({ role: "CUSTOMER" }, 0)).toBe("customer");
  });
});
