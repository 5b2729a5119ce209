import { customerCursorSchema, type CustomerCursor, type CustomerSort } from "@/lib/validation/customers";

// The customer list's keyset cursor: opaque to the reader (base64url of JSON),
// holding the sort it belongs to and the last row's sort value and id. A cursor
// that does not decode, fails its schema or was made for another sort reads as
// "no cursor": the first page, never an error.

export function encodeCursor(cursor: CustomerCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

export function decodeCursor(value: string | undefined, sort: CustomerSort): CustomerCursor | null {
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = customerCursorSchema.safeParse(json);
  return parsed.success && parsed.data.s === sort ? parsed.data : null;
}

/** The cursor after a row: its sort value as the sort reads it, and its id. */
export function cursorAfter(
  sort: CustomerSort,
  row: { id: string; lastVisitAt: Date | null; visitCount: number; rewardsEarned: number },
): CustomerCursor {
  if (sort === "visits") return { s: sort, v: row.visitCount, i: row.id };
  if (sort === "rewards") return { s: sort, v: row.rewardsEarned, i: row.id };
  return { s: sort, v: row.lastVisitAt ? row.lastVisitAt.toISOString() : null, i: row.id };
}

/** A search text as a case-insensitive substring pattern for ILIKE: its own %, _ and \ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How the owner names their customer: first and last name, else the account's name, else null. */
export function customerFullName(parts: { firstName: string | null; lastName: string | null; name: string | null }) {
  const full = [parts.firstName?.trim(), parts.lastName?.trim()].filter(Boolean).join(" ");
  return full || parts.name?.trim() || null;
}
