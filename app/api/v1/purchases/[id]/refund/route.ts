import { operations } from "@/lib/api/operations";
import { refundApiPurchase } from "@/lib/api/purchases";
import { apiRoute } from "@/lib/api/route";

// POST /api/v1/purchases/{id}/refund {amountCents?}, with an Idempotency-Key: the refund's key (docs/api.md).
export const POST = apiRoute(operations.refundPurchase, refundApiPurchase);
