import "server-only";
import type { z } from "zod";
import { problemAnswer, type ApiAnswer } from "@/lib/api/problem";
import { ok, type ApiContext } from "@/lib/api/route";
import type { locationListQuery } from "@/lib/api/schemas";
import { isOpenApiLocation, listApiLocations } from "@/lib/db/api-reads";
import type { Locale } from "@/lib/i18n/locales";

// The business's locations through /api/v1 (docs/api.md, "Locations";
// docs/locations.md, "The API"): GET /locations, and the `location` a write
// names — an open location of the key's business, else a 422 problem naming
// the field, and nothing is written.

// The cursor is the last location's (createdAt, id), base64url: opaque to clients.
const CURSOR = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const encodeCursor = (last: { createdAt: Date; id: string }) =>
  Buffer.from(`${last.createdAt.getTime()}.${last.id}`, "utf8").toString("base64url");
function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null | false {
  if (!cursor) return null;
  const parts = CURSOR.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return parts ? { createdAt: new Date(Number(parts[1])), id: parts[2]! } : false;
}

export async function listLocations(
  context: ApiContext<unknown, z.output<typeof locationListQuery>, unknown>,
): Promise<ApiAnswer> {
  const after = decodeCursor(context.query.cursor);
  if (after === false)
    return problemAnswer(context.locale, "invalid-request", { errors: { cursor: "api.v1.badCursor" } });
  const page = await listApiLocations(context.caller.businessId, after, context.query.limit);
  return ok({ data: page.locations, nextCursor: page.next ? encodeCursor(page.next) : null });
}

/** The problem of a write whose `location` is not an open location of the business. */
export function locationProblem(locale: Locale): Promise<ApiAnswer> {
  return problemAnswer(locale, "location-not-valid", { errors: { location: "api.v1.locationNotValid" } });
}

/**
 * A write refused as if its business were not found, when it named a
 * location: the location's problem when that is why (the writing statement
 * checked it), else null.
 */
export async function refusedLocation(
  businessId: string,
  location: string | undefined,
  locale: Locale,
): Promise<ApiAnswer | null> {
  if (!location || (await isOpenApiLocation(businessId, location))) return null;
  return locationProblem(locale);
}
