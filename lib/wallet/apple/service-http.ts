import "server-only";
import type { z } from "zod";
import { authorizedApplePass, type ServicePass } from "@/lib/db/apple-registrations";
import { apiError } from "@/lib/http/api";
import { appleWalletConfig, type AppleWalletConfig } from "@/lib/wallet/apple/config";
import { applePassTokenOf } from "@/lib/wallet/apple/web-service";

// What the PassKit web service's routes (app/api/wallet/apple/v1/…) share:
// the answer when Apple Wallet is off, reading their path segments, and the
// ApplePass authorization. Wallet reads only the status codes; the bodies
// are for people trying the routes by hand.

type Context<P> = { params: Promise<P> };

export type ServiceCheck<T> = { ok: true; config: AppleWalletConfig; value: T } | { ok: false; response: Response };

/** Apple Wallet is off: every route of the web service is not there. */
export function serviceOff(): Response {
  return apiError(404, "api.appleWallet.off");
}

/** A request Wallet is not allowed to make: an unknown pass, a wrong token, another pass type. */
export function unauthorized(): Response {
  return apiError(401, "api.applePassService.unauthorized");
}

/**
 * Apple Wallet's settings and the route's path segments, validated; a
 * 404 when Apple Wallet is off or a segment is malformed (no such address).
 */
export async function serviceParams<S extends z.ZodType>(
  context: Context<unknown>,
  schema: S,
): Promise<ServiceCheck<z.infer<S>>> {
  const config = appleWalletConfig();
  if (!config) return { ok: false, response: serviceOff() };
  const parsed = schema.safeParse(await context.params);
  if (!parsed.success) return { ok: false, response: apiError(404, "api.invalidRequest") };
  return { ok: true, config, value: parsed.data };
}

/**
 * The pass a request is about, if it names our pass type and carries the
 * pass's own token (Authorization: ApplePass <token>); else the 401 Wallet
 * expects for a pass it may not touch, whatever the reason.
 */
export async function authorizedPass(
  request: Request,
  config: AppleWalletConfig,
  passTypeIdentifier: string,
  serialNumber: string,
): Promise<{ ok: true; pass: ServicePass } | { ok: false; response: Response }> {
  const token = applePassTokenOf(request.headers.get("authorization"));
  if (!token || passTypeIdentifier !== config.passTypeId) return { ok: false, response: unauthorized() };
  const pass = await authorizedApplePass(serialNumber, token);
  return pass ? { ok: true, pass } : { ok: false, response: unauthorized() };
}
