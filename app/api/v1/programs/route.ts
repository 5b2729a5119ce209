import { operations } from "@/lib/api/operations";
import { listPrograms } from "@/lib/api/rewards";
import { apiRoute } from "@/lib/api/route";

// GET /api/v1/programs (docs/api.md).
export const GET = apiRoute(operations.listPrograms, listPrograms);
