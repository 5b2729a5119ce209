import type { MouseEventHandler, ReactNode } from "react";

// The two wallets' "Add to …" badges as plain links, in the style each wallet
// asks for: black, the wallet's mark, the wallet's own wording (given in the
// reader's language by whoever renders them). No hooks: the wallet page's
// server components and the tap result's client component both draw them.

type BadgeProps = {
  href: string;
  /** The wallet's own words: "Add to Apple Wallet", "Añadir a Google Wallet", … */
  label: string;
  /** The card's business, for a screen reader listing the page's links; the visible words stay the wallet's. */
  businessName: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
};

export function appleWalletPassHref(target: { membershipId: string } | { businessId: string }): string {
  return "membershipId" in target
    ? `/api/wallet/apple/pass?membership=${encodeURIComponent(target.membershipId)}`
    : `/api/wallet/apple/pass?business=${encodeURIComponent(target.businessId)}`;
}

export function googleWalletSaveHref(target: { membershipId: string } | { businessId: string }): string {
  return "membershipId" in target
    ? `/api/wallet/google/save?membership=${encodeURIComponent(target.membershipId)}`
    : `/api/wallet/google/save?business=${encodeURIComponent(target.businessId)}`;
}

/** The link both badges are: the wallet's mark, its words, and the card's business for screen readers. */
function BadgeLink({
  href,
  label,
  businessName,
  onClick,
  testId,
  className,
  mark,
}: BadgeProps & { testId: string; className: string; mark: ReactNode }) {
  return (
    <a href={href} rel="nofollow" onClick={onClick} data-testid={testId} className={className}>
      {mark}
      <span>
        {label}
        <span className="sr-only"> ({businessName})</span>
      </span>
    </a>
  );
}

/**
 * "Add to Apple Wallet": Apple's badge is a black rounded rectangle with the
 * Wallet mark. The link downloads the signed pass; Safari on an iPhone or a
 * Mac opens it in Wallet's "Add" sheet.
 */
export function AppleWalletBadge(props: BadgeProps) {
  return (
    <BadgeLink
      {...props}
      testId="apple-wallet-add"
      className="inline-flex min-h-12 items-center gap-2.5 rounded-xl bg-black py-2 pr-5 pl-3.5 text-sm font-medium text-white shadow-sm outline-offset-2 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-black dark:ring-1 dark:ring-white/40"
      mark={
        <svg aria-hidden="true" viewBox="0 0 28 24" width="28" height="24" className="shrink-0">
          <rect x="1" y="1" width="26" height="22" rx="5" fill="#d1d1d6" />
          <rect x="3.5" y="3" width="21" height="7" rx="1.5" fill="#2e9bdb" />
          <rect x="3.5" y="6.2" width="21" height="7" rx="1.5" fill="#f5b02f" />
          <rect x="3.5" y="9.4" width="21" height="7" rx="1.5" fill="#5fb760" />
          <rect x="3.5" y="12.6" width="21" height="7" rx="1.5" fill="#ee5b44" />
          <path d="M1 14.5h8.6c1 2 2.6 3 4.4 3s3.4-1 4.4-3H27V18a5 5 0 0 1-5 5H6a5 5 0 0 1-5-5z" fill="#1c1c1e" />
        </svg>
      }
    />
  );
}

/** "Add to Google Wallet": the route marks the card as added and sends the browser on to Google's save page. */
export function GoogleWalletBadge(props: BadgeProps) {
  return (
    <BadgeLink
      {...props}
      testId="google-wallet-add"
      className="inline-flex min-h-12 items-center gap-2.5 rounded-full bg-[#1f1f1f] py-2 pr-5 pl-4 text-sm font-medium text-white shadow-sm outline-offset-2 hover:bg-black focus-visible:outline-2 focus-visible:outline-[#1f1f1f] dark:ring-1 dark:ring-white/40"
      mark={
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" className="shrink-0">
          <rect x="2" y="3" width="20" height="8" rx="2.5" fill="#34A853" />
          <rect x="2" y="6.5" width="20" height="8" rx="2.5" fill="#FBBC04" />
          <rect x="2" y="10" width="20" height="8" rx="2.5" fill="#EA4335" />
          <path
            d="M2 15.5c0-1.4 1.1-2.5 2.5-2.5h5.2l2.3 2.2 2.3-2.2h5.2c1.4 0 2.5 1.1 2.5 2.5v3c0 1.4-1.1 2.5-2.5 2.5h-15A2.5 2.5 0 0 1 2 18.5z"
            fill="#4285F4"
          />
        </svg>
      }
    />
  );
}
