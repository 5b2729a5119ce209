import { idString } from "@/lib/validation/text";

// Route parameters that reach the database. A value that fails these is
// answered with the page's not-found screen, never passed to a query.

/** A business slug in /b/[slug]: lowercase letters, digits and '-' as slugify makes them, 100 at most. */
export const slugSchema = idString("Business not found").max(100, "Business not found");
