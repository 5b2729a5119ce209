import { lookupCustomer } from "@/lib/api/customers";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

// GET /api/v1/customers/lookup?qr=…|email=… (docs/api.md).
export const GET = apiRoute(operations.lookupCustomer, lookupCustomer);
