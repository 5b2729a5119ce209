import { clientIp } from "@/lib/auth/client-ip";
import { apiError, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { takeRateLimit } from "@/lib/rate-limit";
import { deviceLogBodySchema } from "@/lib/validation/apple-wallet";
import { serviceOff } from "@/lib/wallet/apple/service-http";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { deviceLogLines } from "@/lib/wallet/apple/web-service";

// The PassKit web service (docs/wallet.md, "Apple Wallet: updates"): Wallet
// reports what went wrong with our passes (a refused registration, a pass it
// could not read). Anyone can post here, so what reaches the app's log is
// bounded (20 messages a request, 1000 characters each, 60 requests a minute
// per address) and cleaned (no control characters, nothing shaped like a
// token or an id).
//
// POST body { logs: string[] } → 200; 429 past the limit.
const LOG_REQUESTS_PER_MINUTE = 60;

export const POST = localized(async (request: Request) => {
  if (!appleWalletConfig()) return serviceOff();
  const body = await readJsonBody(request, deviceLogBodySchema);
  if (!body.ok) return body.response;
  const ip = clientIp(request.headers);
  if (ip) {
    const slot = await takeRateLimit({ key: `apple-log:ip:${ip}`, limit: LOG_REQUESTS_PER_MINUTE, windowMs: 60_000 });
    if (!slot.ok) return apiError(429, "api.applePassService.tooManyLogs");
  }
  for (const line of deviceLogLines(body.data.logs)) console.warn(`Apple Wallet device log: ${line}`);
  return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
});
