import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";
import { recordApiVisit } from "@/lib/api/visits";

// POST /api/v1/visits {customerId | qr}, with an Idempotency-Key (docs/api.md).
export const POST = apiRoute(operations.recordVisit, recordApiVisit);
