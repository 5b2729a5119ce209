import { getUserFromHeaders } from "@/lib/auth/current-user";
import { applePassFor } from "@/lib/db/apple-pass";
import { ownMembershipId } from "@/lib/db/wallet-pass";
import { apiError } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { renderApplePass } from "@/lib/wallet/apple/render";
import { passTargetOf } from "@/lib/wallet/pass-target";

// GET /api/wallet/apple/pass?membership=<id> (or ?business=<id>, the
// customer's membership there) → the "Add to Apple Wallet" button of the
// wallet and the tap result (docs/wallet.md): the membership's signed pass,
// for its own customer only. The first download makes the pass's row (its serial number
// and secret), so later changes of the card reach the devices that add it.
// Safari on an iPhone opens the download in Wallet; elsewhere it is a file.
export const GET = localized(async (request: Request) => {
  if (!appleWalletConfig()) return apiError(404, "api.appleWallet.off");
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  const target = passTargetOf(new URL(request.url).searchParams);
  const membershipId = target ? await ownMembershipId(user.id, target) : null;
  // Someone else's membership, or none: the same 404, and nothing is written.
  const pass = membershipId ? await applePassFor(user.id, membershipId) : null;
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
