import { operations } from "@/lib/api/operations";
import { undoApiRedemption } from "@/lib/api/rewards";
import { apiRoute } from "@/lib/api/route";

// POST /api/v1/rewards/{id}/undo, with an Idempotency-Key (docs/api.md).
export const POST = apiRoute(operations.undoRedemption, undoApiRedemption);
