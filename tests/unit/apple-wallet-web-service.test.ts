import { appleChangeStatement } from "@/lib/jobs/events";
import { updateTagSchema } from "@/lib/validation/apple-wallet";
import {
  applePassTokenOf,
  deviceLogLines,
  isNotModified,
  lastModifiedOf,
  sameToken,
  updateTagOf,
} from "@/lib/wallet/apple/web-service";

// The PassKit web service's pure rules: the ApplePass header, the update
// tag, Last-Modified and If-Modified-Since at HTTP's whole seconds, what of a
// device's log may be logged, and the tap's one statement built on pg-boss's
// own insert.

jest.mock("@/lib/jobs/boss", () => ({ getBoss: jest.fn() }));

describe("Authorization: ApplePass <token>", () => {
  test("the token of the header, or null", () => {
    const token = "Qk3bX2i2pUw8mJcC0Yl0u0n9cXbT1u4N2c9kY0dPZ1o";
    expect(applePassTokenOf(`ApplePass ${token}`)).toBe(token);
    expect(applePassTokenOf(null)).toBeNull();
    expect(applePassTokenOf(`Bearer ${token}`)).toBeNull();
    expect(applePassTokenOf("ApplePass short")).toBeNull();
    expect(applePassTokenOf(`ApplePass ${token} extra`)).toBeNull();
    expect(applePassTokenOf(`ApplePass ${"é".repeat(20)}`)).toBeNull();
  });

  test("tokens are compared whole", () => {
    expect(sameToken("a".repeat(43), "a".repeat(43))).toBe(true);
    expect(sameToken("a".repeat(43), `${"a".repeat(42)}b`)).toBe(false);
    expect(sameToken("a".repeat(43), "a".repeat(44))).toBe(false);
  });
});

describe("the update tag", () => {
  test("milliseconds as a string, read back exactly", () => {
    const moment = new Date("2026-11-24T10:00:00.123Z");
    const tag = updateTagOf(moment);
    expect(tag).toBe("1795514400123");
    expect(updateTagSchema.parse(tag)).toEqual(moment);
    for (const bad of ["", "-1", "1e3", "12.5", "0x10", "9".repeat(16)])
      expect([bad, updateTagSchema.safeParse(bad).success]).toEqual([bad, false]);
  });
});

describe("Last-Modified and If-Modified-Since", () => {
  test("Last-Modified is the whole second at or after the change, so sending it back gives 304", () => {
    const changed = new Date("2026-11-24T10:00:00.200Z");
    expect(lastModifiedOf(changed)).toBe("Tue, 24 Nov 2026 10:00:01 GMT");
    expect(lastModifiedOf(new Date("2026-11-24T10:00:00.000Z"))).toBe("Tue, 24 Nov 2026 10:00:00 GMT");
    expect(isNotModified(lastModifiedOf(changed), changed)).toBe(true);
  });

  test("an earlier date, a missing one or garbage gets the pass", () => {
    const changed = new Date("2026-11-24T10:00:00.200Z");
    expect(isNotModified("Tue, 24 Nov 2026 10:00:00 GMT", changed)).toBe(false);
    expect(isNotModified(null, changed)).toBe(false);
    expect(isNotModified("yesterday", changed)).toBe(false);
    expect(isNotModified("x".repeat(100), changed)).toBe(false);
  });
});

describe("a device's log", () => {
  test("at most 20 messages, one line each, cut to 1000 characters, without tokens, serials or ids", () => {
    const lines = deviceLogLines([
      "Get pass task (pass type pass.example.loyaltap.test, serial number 0123456789abcdef0123456789abcdef) failed",
      "with ApplePass Qk3bX2i2pUw8mJcC0Yl0u0n9cXbT1u4N2c9kY0dPZ1o\r\nand more",
      "z ".repeat(2000),
      ...Array.from({ length: 30 }, (_, i) => `message ${i}`),
    ]);
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe("Get pass task (pass type pass.example.loyaltap.test, serial number [redacted]) failed");
    expect(lines[1]).toBe("with ApplePass [redacted] and more");
    expect(lines[2]!.length).toBe(1001);
    expect(lines[19]).toBe("message 16");
  });
});

describe("the tap's one statement", () => {
  test("is pg-boss's own insert, fed by the pass's bump instead of a parameter", () => {
    // pg-boss's insert statement as it builds it (plans.insertJobs), here for the "jobs" schema.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { insertJobs } = require("pg-boss/dist/plans.js") as {
      insertJobs(schema: string, options: { table: string; name: string; returnId: boolean }): string;
    };
    const statement = appleChangeStatement(
      insertJobs("jobs", { table: "job_common", name: "wallet.apple-update", returnId: false }),
    );
    expect(statement).toMatch(/^WITH bumped AS \(\n\s+UPDATE "ApplePass" SET "version" = "version" \+ 1/);
    expect(statement).toContain("json_to_recordset((SELECT jobs FROM apple_jobs))");
    expect(statement).not.toContain("$1::text::json");
    expect(statement).toContain(`WHERE "membershipId" = $1::text AND "voidedAt" IS NULL`);
    expect(statement).toContain("INSERT INTO jobs.job_common");
  });

  test("refuses an insert statement of another shape (a pg-boss upgrade fails loudly, not silently)", () => {
    // pg-boss 10's shape: a CTE of defaults and a plain $1.
    expect(() =>
      appleChangeStatement("WITH defaults as (SELECT 1) INSERT INTO jobs.job SELECT * FROM json_to_recordset($1)"),
    ).toThrow(/pg-boss's insert statement/);
    // A second parameter the statement would not be given.
    expect(() =>
      appleChangeStatement("INSERT INTO jobs.job SELECT * FROM json_to_recordset($1::text::json) WHERE name = $2"),
    ).toThrow(/pg-boss's insert statement/);
  });
});
