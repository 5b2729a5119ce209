import { getTranslations } from "next-intl/server";
import { AppleWalletBadge, appleWalletPassHref } from "@/components/wallet/wallet-badges";

/**
 * "Add to Apple Wallet", in the style of Apple's badge (black, the Wallet
 * mark, Apple's own wording in the reader's language). A plain link to the
 * signed pass, which Safari opens in Wallet.
 */
export async function AppleWalletButton({
  membershipId,
  businessName,
}: {
  membershipId: string;
  businessName: string;
}) {
  const t = await getTranslations("appleWallet.button");
  return <AppleWalletBadge href={appleWalletPassHref({ membershipId })} label={t("add")} businessName={businessName} />;
}
