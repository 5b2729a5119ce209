import { idString } from "@/lib/validation/text";

// Route parameters that reach the database. A value that fails these is
// answered with the page's not-found screen, never passed to a query.

const BUSINESS_NOT_FOUND = "dashboard.business.notFound";

/** A business slug in /b/[slug]: lowercase letters, digits and '-' as slugify makes them, 100 at most. */
export const slugSchema = idString(BUSINESS_NOT_FOUND).max(100, BUSINESS_NOT_FOUND);
