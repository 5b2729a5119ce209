import { operations } from "@/lib/api/operations";
import { recordApiPurchase } from "@/lib/api/purchases";
import { apiRoute } from "@/lib/api/route";

// POST /api/v1/purchases {customerId | qr, amountCents, receipt?}, with an Idempotency-Key (docs/api.md).
export const POST = apiRoute(operations.recordPurchase, recordApiPurchase);
