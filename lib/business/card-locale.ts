import "server-only";
import { cache } from "react";
import { getPublicCardLanding } from "@/lib/db/tap-landing";
import { slugSchema } from "@/lib/validation/params";

/**
 * The public card of /b/<slug>[/<lang>], read once per render by its layout, its
 * metadata and its page (the cached entries of lib/db/tap-landing). A slug that is
 * not one we could have issued (NUL, spaces, 200 characters) is simply not found.
 */
export const loadPublicCardLanding = cache(async (slug: string) =>
  slugSchema.safeParse(slug).success ? getPublicCardLanding(slug) : null,
);

/** The card's business alone (its layout and metadata). */
export const loadPublicCard = cache(async (slug: string) => (await loadPublicCardLanding(slug))?.business ?? null);
