import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cardSignUpPath } from "@/lib/auth/sign-up-paths";

export type CardSignUpText = { heading: string; text: string; button: string };

/**
 * The public card's way in: "Create your card" opens the sign-up for this
 * business, which makes the new customer its member at once. The same for
 * everyone (the card is cached): a signed-in visitor's sign-up page sends them on.
 * A full page load, since the card and the sign-up live under different root
 * layouts (docs/i18n.md); no prefetch, so a cached card costs no extra request.
 */
export function CardSignUp({ slug, text }: { slug: string; text: CardSignUpText }) {
  return (
    <Card as="section" aria-labelledby="card-sign-up" className="mt-6 space-y-3 p-4 text-center">
      <h2 id="card-sign-up" className="font-semibold">
        {text.heading}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{text.text}</p>
      <Link href={cardSignUpPath(slug)} className={buttonClass("primary", "w-full")} prefetch={false}>
        {text.button}
      </Link>
    </Card>
  );
}
