import { getTranslations } from "next-intl/server";
import { GoogleWalletBadge, googleWalletSaveHref } from "@/components/wallet/wallet-badges";

/**
 * "Add to Google Wallet", in the style of Google's badge (black, the wallet
 * mark, Google's own wording in the reader's language). A plain link: the
 * route marks the card as added and sends the browser on to Google's save page.
 */
export async function GoogleWalletButton({
  membershipId,
  businessName,
}: {
  membershipId: string;
  businessName: string;
}) {
  const t = await getTranslations("googleWallet.button");
  return (
    <GoogleWalletBadge href={googleWalletSaveHref({ membershipId })} label={t("add")} businessName={businessName} />
  );
}
