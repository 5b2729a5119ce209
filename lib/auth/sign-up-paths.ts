// The addresses that carry a sign-up's context (the tag tapped, the card it
// started on, the tag being claimed) through sign-up and log-in. Pure: the
// pages, the actions and the tests build them the same way. Every value is
// encoded here and every redirect built from these passes safeRedirectPath.

/** The tag's landing, where a signed-in tap is recorded. */
export function tapPath(tagId: string): string {
  return `/tap?id=${encodeURIComponent(tagId)}`;
}

/** The dashboard's claim form with the tag filled in: where an owner who logs in to claim a tag continues. */
export function claimTagPath(tagId: string): string {
  const id = encodeURIComponent(tagId);
  return `/dashboard/tag/claim/${id}?tagId=${id}`;
}

/** The sign-up that joins the business of the public card `/b/<slug>` ("Create your card"). */
export function cardSignUpPath(slug: string): string {
  return `/register?business=${encodeURIComponent(slug)}`;
}

/** Where the wallet lists the customer's cards, the business just joined among them. */
export const WALLET_PATH = "/dashboard/wallet";

/**
 * Where a new customer goes after signing up: the page that sent them (a
 * checked same-origin path), else the tag they tapped (its visit is recorded
 * there), else the wallet that shows the business they joined, else the dashboard.
 */
export function signUpLanding({
  redirect,
  tapId,
  joined,
}: {
  redirect: string | null;
  tapId: string | null;
  joined: boolean;
}): string {
  if (redirect) return redirect;
  if (tapId) return tapPath(tapId);
  return joined ? WALLET_PATH : "/dashboard";
}

/** `/login?redirect=…` that comes back to `target`, or the bare log-in page. */
export function loginPath(target: string | null): string {
  return target ? `/login?redirect=${encodeURIComponent(target)}` : "/login";
}
