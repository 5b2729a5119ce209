import { localized } from "@/lib/http/api-locale";
import { unsubscribePage } from "@/lib/campaigns/unsubscribe";

// GET /api/campaigns/unsubscribe?t=… — the page of a campaign message's "Stop
// offers" link: one button. POST — withdraws that business's marketing
// consent (the button, and mail programs' one-click List-Unsubscribe-Post).
export const GET = localized(async (request: Request) =>
  unsubscribePage(new URL(request.url).searchParams.get("t"), false),
);
export const POST = localized(async (request: Request) =>
  unsubscribePage(new URL(request.url).searchParams.get("t"), true),
);
