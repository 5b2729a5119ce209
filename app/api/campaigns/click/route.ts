import { localized } from "@/lib/http/api-locale";
import { clickRedirect } from "@/lib/campaigns/track";

// GET /api/campaigns/click?t=… — a campaign message's link (mail button, push
// notification): records the first click, then 303 to the card's page here.
export const GET = localized(async (request: Request) => clickRedirect(new URL(request.url).searchParams.get("t")));
