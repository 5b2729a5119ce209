import { registerAppleDevice, unregisterAppleDevice } from "@/lib/db/apple-registrations";
import { readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { registrationBodySchema, registrationParamsSchema } from "@/lib/validation/apple-wallet";
import { authorizedPass, serviceParams } from "@/lib/wallet/apple/service-http";

// The PassKit web service (docs/wallet.md, "Apple Wallet: updates"): a device
// that added a pass registers for its updates, and unregisters when the pass
// is removed. Authorization: ApplePass <the pass's token>.
//
// POST   body { pushToken } → 201 registered, 200 already registered (its push
//        token replaced), 401 unknown pass, wrong token or another pass type.
// DELETE → 200 unregistered, 401 as above.
type Context = {
  params: Promise<{ deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string }>;
};

const NO_BODY = { "Cache-Control": "no-store" };

export const POST = localized(async (request: Request, context: Context) => {
  const params = await serviceParams(context, registrationParamsSchema);
  if (!params.ok) return params.response;
  const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = params.value;
  const authorized = await authorizedPass(request, params.config, passTypeIdentifier, serialNumber);
  if (!authorized.ok) return authorized.response;
  const body = await readJsonBody(request, registrationBodySchema);
  if (!body.ok) return body.response;
  const registered = await registerAppleDevice(authorized.pass.id, deviceLibraryIdentifier, body.data.pushToken);
  return new Response(null, { status: registered === "created" ? 201 : 200, headers: NO_BODY });
});

export const DELETE = localized(async (request: Request, context: Context) => {
  const params = await serviceParams(context, registrationParamsSchema);
  if (!params.ok) return params.response;
  const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = params.value;
  const authorized = await authorizedPass(request, params.config, passTypeIdentifier, serialNumber);
  if (!authorized.ok) return authorized.response;
  await unregisterAppleDevice(authorized.pass.id, deviceLibraryIdentifier);
  return new Response(null, { status: 200, headers: NO_BODY });
});
