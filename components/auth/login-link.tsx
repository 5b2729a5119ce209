import Link from "next/link";

/** "Already have an account? Log in", keeping where the visitor was headed after logging in. */
export function LoginLink({ redirect }: { redirect: string | null }) {
  const href = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";
  return (
    <p className="text-center text-sm">
      Already have an account?{" "}
      <Link href={href} className="text-brand underline dark:text-indigo-300">
        Log in
      </Link>
    </p>
  );
}
