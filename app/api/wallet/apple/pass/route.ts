import { getUserFromHeaders } from "@/lib/auth/current-user";
import { applePassFor } from "@/lib/db/apple-pass";
import { apiError } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { renderApplePass } from "@/lib/wallet/apple/render";
import { idString } from "@/lib/validation/text";

// GET /api/wallet/apple/pass?membership=<id> → the wallet's "Add to Apple
// Wallet" button (docs/wallet.md): the membership's signed pass, for its own
// customer only. The first download makes the pass's row (its serial number
// and secret), so later changes of the card reach the devices that add it.
// Safari on an iPhone opens the download in Wallet; elsewhere it is a file.
export const GET = localized(async (request: Request) => {
  if (!appleWalletConfig()) return apiError(404, "api.appleWallet.off");
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  const parsed = idString().safeParse(new URL(request.url).searchParams.get("membership"));
  if (!parsed.success) return apiError(404, "api.appleWallet.notFound");
  // Someone else's membership, or none: the same 404, and nothing is written.
  const pass = await applePassFor(user.id, parsed.data);
  if (!pass) return apiError(404, "api.appleWallet.notFound");
  const body = await renderApplePass(pass);
  const filename = pass.businessSlug.replace(/[^a-z0-9-]/g, "") || "loyalty-card";
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      "Content-Type": "application/vnd.apple.pkpass",
      // Only a slug's own characters (lower-case letters, digits, hyphens): safe inside the quotes.
      "Content-Disposition": `attachment; filename="${filename}.pkpass"`,
      "Content-Length": String(body.length),
      // The pass carries its secret and the customer's QR: never kept by a cache.
      "Cache-Control": "no-store",
      "Last-Modified": pass.updatedAt.toUTCString(),
    },
  });
});
