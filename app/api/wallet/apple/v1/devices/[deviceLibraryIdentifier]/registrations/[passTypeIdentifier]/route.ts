import { updatedSerialsForDevice } from "@/lib/db/apple-registrations";
import { apiError, apiJson } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { deviceParamsSchema, updateTagSchema } from "@/lib/validation/apple-wallet";
import { serviceParams } from "@/lib/wallet/apple/service-http";
import { updateTagOf } from "@/lib/wallet/apple/web-service";

// The PassKit web service (docs/wallet.md, "Apple Wallet: updates"): after a
// push, a device asks which of its passes changed since the tag it was given
// last time (none the first time).
//
// GET ?passesUpdatedSince=<tag> → 200 { serialNumbers, lastUpdated } (the tag
// for next time, a string), 204 when none changed (or the device holds none of
// ours), 404 for another pass type, 400 for a tag we never gave out.
type Context = { params: Promise<{ deviceLibraryIdentifier: string; passTypeIdentifier: string }> };

export const GET = localized(async (request: Request, context: Context) => {
  const params = await serviceParams(context, deviceParamsSchema);
  if (!params.ok) return params.response;
  const { deviceLibraryIdentifier, passTypeIdentifier } = params.value;
  if (passTypeIdentifier !== params.config.passTypeId) return apiError(404, "api.appleWallet.notFound");
  const query = new URL(request.url).searchParams.getAll("passesUpdatedSince");
  let since: Date | null = null;
  if (query.length > 0) {
    const tag = query.length === 1 ? updateTagSchema.safeParse(query[0]) : null;
    if (!tag?.success) return apiError(400, "api.invalidRequest");
    since = tag.data;
  }
  const updated = await updatedSerialsForDevice(deviceLibraryIdentifier, since);
  if (!updated) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  return apiJson({ serialNumbers: updated.serialNumbers, lastUpdated: updateTagOf(updated.lastUpdated) });
});
