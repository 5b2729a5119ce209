import { useTranslations } from "next-intl";
import Link from "next/link";

/**
 * "Already have an account? Log in", keeping where the visitor was headed after logging in.
 * Server or client: under a client form it needs the `auth` namespace.
 */
export function LoginLink({ redirect }: { redirect: string | null }) {
  const t = useTranslations("auth.loginLink");
  const href = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";
  return (
    <p className="text-center text-sm">
      {t("prompt")}{" "}
      <Link href={href} className="text-brand underline dark:text-indigo-300">
        {t("link")}
      </Link>
    </p>
  );
}
