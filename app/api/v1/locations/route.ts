import { listLocations } from "@/lib/api/locations";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

// GET /api/v1/locations?cursor=&limit= (docs/api.md).
export const GET = apiRoute(operations.listLocations, listLocations);
