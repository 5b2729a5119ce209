import { NextResponse } from "next/server";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { recordGoogleWalletSave } from "@/lib/db/google-wallet";
import { getPassContent, ownMembershipId } from "@/lib/db/wallet-pass";
import { apiError } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { siteUrl } from "@/lib/site";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { googleWalletCardOf } from "@/lib/wallet/google/deliver";
import { rsaPrivateKeyOf } from "@/lib/wallet/google/keys";
import { objectIdFor } from "@/lib/wallet/google/objects";
import { saveClaimsFor, saveUrlFor, signSaveJwt } from "@/lib/wallet/google/save-link";
import { passTargetOf } from "@/lib/wallet/pass-target";

// GET /api/wallet/google/save?membership=<id> (or ?business=<id>, the
// customer's membership there) → the "Add to Google Wallet" button of the
// wallet and the tap result (docs/wallet.md). For the membership's own customer only: the
// card is marked as added (so its changes are sent to Google from now on) and
// the browser is sent to Google's save page with the signed card. The one
// redirect of the app that leaves the site, always to Google's fixed host.
export const GET = localized(async (request: Request) => {
  const config = googleWalletConfig();
  if (!config) return apiError(404, "api.googleWallet.off");
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  const target = passTargetOf(new URL(request.url).searchParams);
  const membershipId = target ? await ownMembershipId(user.id, target) : null;
  if (!membershipId) return apiError(404, "api.googleWallet.notFound");
  // Someone else's membership, or none: the same 404, and nothing is written.
  if (!(await recordGoogleWalletSave(user.id, membershipId, objectIdFor(config.issuerId, membershipId))))
    return apiError(404, "api.googleWallet.notFound");
  const content = await getPassContent(membershipId);
  const key = rsaPrivateKeyOf(config.privateKeyPem);
  if (!content || content.userId !== user.id || !key) return apiError(404, "api.googleWallet.notFound");
  const { loyaltyClass, loyaltyObject } = await googleWalletCardOf(content, config.issuerId);
  const jwt = await signSaveJwt(
    saveClaimsFor({ serviceAccountEmail: config.serviceAccountEmail, siteUrl: siteUrl(), loyaltyClass, loyaltyObject }),
    key,
  );
  const response = NextResponse.redirect(saveUrlFor(jwt), 303);
  response.headers.set("Cache-Control", "no-store");
  return response;
});
