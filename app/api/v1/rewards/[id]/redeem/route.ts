import { operations } from "@/lib/api/operations";
import { redeemApiReward } from "@/lib/api/rewards";
import { apiRoute } from "@/lib/api/route";

// POST /api/v1/rewards/{id}/redeem, with an Idempotency-Key (docs/api.md).
export const POST = apiRoute(operations.redeemReward, redeemApiReward);
