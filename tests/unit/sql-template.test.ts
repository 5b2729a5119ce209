import { compile, join, raw, sql } from "@/lib/db/sql-template";

describe("sql`…` (lib/db/sql-template.ts)", () => {
  test("each value becomes the next numbered parameter, where it is written", () => {
    const userId = "u1";
    const now = new Date("2026-11-27T10:00:00Z");
    expect(compile(sql`SELECT ${userId}::text, ${now}::timestamptz, ${now}::timestamp(3)`)).toEqual({
      text: "SELECT $1::text, $2::timestamptz, $3::timestamp(3)",
      values: ["u1", now, now],
    });
  });

  test("a value can never change the text: a quote or a fragment-like object is only a value", () => {
    const hostile = '\'; DROP TABLE "User"; --';
    const lookalike = { strings: ["DROP TABLE x"], values: [] };
    expect(compile(sql`SELECT ${hostile}, ${lookalike}`)).toEqual({
      text: "SELECT $1, $2",
      values: [hostile, lookalike],
    });
  });

  test("a nested part is inlined and its parameters numbered in place", () => {
    const actor = sql`(b."ownerId" = ${"a1"}::text)`;
    const statement = sql`SELECT ${1}::int FROM "Business" b WHERE b."id" = ${"b1"}::text AND ${actor} AND ${null}::text IS NULL`;
    expect(compile(statement)).toEqual({
      text: 'SELECT $1::int FROM "Business" b WHERE b."id" = $2::text AND (b."ownerId" = $3::text) AND $4::text IS NULL',
      values: [1, "b1", "a1", null],
    });
  });

  test("raw text and joined parts are inlined; the same template gives the same text with other values", () => {
    const columns = raw('"id", "name"');
    const rows = (ids: string[]) =>
      join(
        ids.map((id) => sql`(${id}::text)`),
        ", ",
      );
    const first = compile(sql`SELECT ${columns} FROM x WHERE ${"a"}::text = ANY(VALUES ${rows(["p", "q"])})`);
    expect(first).toEqual({
      text: 'SELECT "id", "name" FROM x WHERE $1::text = ANY(VALUES ($2::text), ($3::text))',
      values: ["a", "p", "q"],
    });
    const second = compile(sql`SELECT ${columns} FROM x WHERE ${"b"}::text = ANY(VALUES ${rows(["r", "s"])})`);
    expect(second.text).toBe(first.text);
    expect(compile(join([], ", "))).toEqual({ text: "", values: [] });
  });
});
