import "server-only";
import { queryRows, sql } from "@/lib/db/sql";

// A business's locations (docs/locations.md). Every business has at least one
// (created with it by a trigger); the first open one by position is where tags
// and visits without a location go.

export type LocationRow = {
  id: string;
  businessId: string;
  name: string;
  address: string | null;
  placeId: string | null;
  /** [{ day: 1..7 (ISO, Monday 1), opens: "HH:MM", closes: "HH:MM" }], as stored (lib/locations validates). */
  openingHours: unknown;
  timezone: string;
  position: number;
  closedAt: Date | null;
  createdAt: Date;
};

/** Every location of the business, open ones first in the owner's order, then the closed ones. */
export async function listBusinessLocations(businessId: string): Promise<LocationRow[]> {
  return queryRows<LocationRow>(
    sql`SELECT "id", "businessId", "name", "address", "placeId", "openingHours", "timezone", "position", "closedAt", "createdAt"
        FROM "Location" WHERE "businessId" = ${businessId}::text
        ORDER BY ("closedAt" IS NOT NULL), "position", "createdAt", "id"`,
  );
}
