// Plain SQL with named values (docs/architecture.md, "Plain SQL"): a statement
// is written as sql`… ${input.userId}::text …`, and each `${value}` becomes a
// numbered parameter ($1, $2, …) in the order it appears. So a value is read
// where it is used, never matched to a position in a separate list, and the
// text stays the same from one call to the next: the pool prepares it once
// per connection (lib/db/sql.ts).
//
// - `${sql`…`}` nests a part of a statement; its parameters are numbered in place.
// - `${raw("…")}` inlines text of our own (a column list built from constants),
//   never anything a request carries.
// - `${join(parts, ", ")}` inlines several parts with a separator between them.
// - Every other `${…}` is a value, however it looks: it can never change the text.
//
// Pure and without a database, so its rules have unit tests of their own.

const SQL = Symbol("sql");

/** A statement, or a part of one, with its values; build it with `sql`, `raw` and `join`. */
export type Sql = {
  readonly [SQL]: true;
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
};

/** The text with $1… parameters and the values in their order, as pg takes them. */
export type CompiledSql = { text: string; values: unknown[] };

function isSql(value: unknown): value is Sql {
  return typeof value === "object" && value !== null && SQL in value;
}

/** A statement or a part of one: every `${value}` is bound as a parameter, a nested `sql` part is inlined. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return { [SQL]: true, strings, values };
}

/** Text of our own, inlined as it is: only constants, never input. */
export function raw(text: string): Sql {
  return { [SQL]: true, strings: [text], values: [] };
}

/** Parts inlined one after the other with `separator` (text of our own) between them. */
export function join(parts: readonly Sql[], separator: string): Sql {
  if (parts.length === 0) return raw("");
  const strings = ["", ...parts.slice(1).map(() => separator), ""];
  return { [SQL]: true, strings, values: parts };
}

function append(part: Sql, out: CompiledSql): void {
  out.text += part.strings[0];
  for (let i = 0; i < part.values.length; i++) {
    const value = part.values[i];
    if (isSql(value)) append(value, out);
    else {
      out.values.push(value);
      out.text += `$${out.values.length}`;
    }
    out.text += part.strings[i + 1];
  }
}

/** The statement's text and values; the same template gives the same text whatever its values. */
export function compile(statement: Sql): CompiledSql {
  const out: CompiledSql = { text: "", values: [] };
  append(statement, out);
  return out;
}

export function isSqlStatement(value: unknown): value is Sql {
  return isSql(value);
}
