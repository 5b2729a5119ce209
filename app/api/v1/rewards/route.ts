import { operations } from "@/lib/api/operations";
import { listRewards } from "@/lib/api/rewards";
import { apiRoute } from "@/lib/api/route";

// GET /api/v1/rewards?customerId=&status= (docs/api.md).
export const GET = apiRoute(operations.listRewards, listRewards);
