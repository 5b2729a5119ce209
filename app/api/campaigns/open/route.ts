import { localized } from "@/lib/http/api-locale";
import { openPixel } from "@/lib/campaigns/track";

// GET /api/campaigns/open?t=… — a campaign mail's open pixel: records the first open.
export const GET = localized(async (request: Request) => openPixel(new URL(request.url).searchParams.get("t")));
