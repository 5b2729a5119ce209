import { apiJson } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { openApiDocument } from "@/lib/api/openapi";

// GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1 and its
// webhooks, generated from the zod schemas (lib/api/openapi.ts). Public.
export const GET = localized(async () =>
  apiJson(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
);
