"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { joinBusinessAction } from "@/lib/actions/register";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";

/** "Add to my wallet": a signed-in customer joins the card's business (the server checks the slug again). */
export function JoinBusinessButton({ slug }: { slug: string }) {
  const t = useTranslations("auth.register");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-3">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button
        type="button"
        className="w-full"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            setError(null);
            const result = await joinBusinessAction(slug).catch(() => null);
            if (result?.ok) window.location.assign(result.redirectTo);
            else setError(result?.error || t("joinFailed"));
          })
        }
      >
        {pending ? t("joinSubmitting") : t("joinSubmit")}
      </Button>
    </div>
  );
}
