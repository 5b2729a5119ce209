import { localized } from "@/lib/http/api-locale";
import { passParamsSchema } from "@/lib/validation/apple-wallet";
import { renderApplePass } from "@/lib/wallet/apple/render";
import { authorizedPass, serviceParams } from "@/lib/wallet/apple/service-http";
import { isNotModified, lastModifiedOf } from "@/lib/wallet/apple/web-service";

// The PassKit web service (docs/wallet.md, "Apple Wallet: updates"): a device
// fetches the latest version of a pass it holds. Authorization: ApplePass
// <the pass's token>. A pass whose account or business was deleted is still
// served, voided, so Wallet shows it as no longer valid.
//
// GET → 200 the signed .pkpass with Last-Modified, 304 when If-Modified-Since
// is at or after the pass's last change, 401 unknown pass, wrong token or
// another pass type.
type Context = { params: Promise<{ passTypeIdentifier: string; serialNumber: string }> };

export const GET = localized(async (request: Request, context: Context) => {
  const params = await serviceParams(context, passParamsSchema);
  if (!params.ok) return params.response;
  const { passTypeIdentifier, serialNumber } = params.value;
  const authorized = await authorizedPass(request, params.config, passTypeIdentifier, serialNumber);
  if (!authorized.ok) return authorized.response;
  const { pass } = authorized;
  const lastModified = lastModifiedOf(pass.updatedAt);
  if (isNotModified(request.headers.get("if-modified-since"), pass.updatedAt))
    return new Response(null, { status: 304, headers: { "Last-Modified": lastModified, "Cache-Control": "no-store" } });
  const body = await renderApplePass(pass);
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      "Content-Type": "application/vnd.apple.pkpass",
      "Content-Length": String(body.length),
      "Last-Modified": lastModified,
      // The pass carries its secret and the customer's QR: never kept by a cache.
      "Cache-Control": "no-store",
    },
  });
});
