import { getTranslations } from "next-intl/server";

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
    <a
      href={`/api/wallet/google/save?membership=${encodeURIComponent(membershipId)}`}
      rel="nofollow"
      data-testid="google-wallet-add"
      className="inline-flex min-h-12 items-center gap-2.5 rounded-full bg-[#1f1f1f] py-2 pr-5 pl-4 text-sm font-medium text-white shadow-sm outline-offset-2 hover:bg-black focus-visible:outline-2 focus-visible:outline-[#1f1f1f] dark:ring-1 dark:ring-white/40"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" className="shrink-0">
        <rect x="2" y="3" width="20" height="8" rx="2.5" fill="#34A853" />
        <rect x="2" y="6.5" width="20" height="8" rx="2.5" fill="#FBBC04" />
        <rect x="2" y="10" width="20" height="8" rx="2.5" fill="#EA4335" />
        <path
          d="M2 15.5c0-1.4 1.1-2.5 2.5-2.5h5.2l2.3 2.2 2.3-2.2h5.2c1.4 0 2.5 1.1 2.5 2.5v3c0 1.4-1.1 2.5-2.5 2.5h-15A2.5 2.5 0 0 1 2 18.5z"
          fill="#4285F4"
        />
      </svg>
      <span>
        {t("add")}
        {/* The card's business, for a screen reader listing the page's links; the visible words stay Google's. */}
        <span className="sr-only"> ({businessName})</span>
      </span>
    </a>
  );
}
