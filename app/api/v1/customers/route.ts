import { listCustomers } from "@/lib/api/customers";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

// GET /api/v1/customers?cursor=&limit= (docs/api.md).
export const GET = apiRoute(operations.listCustomers, listCustomers);
