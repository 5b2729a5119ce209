"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { activateTagBatchAction } from "@/lib/actions/tag-batches";
import { businessTabHref } from "@/lib/business/page-tabs";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { ActionError, Field, SelectField } from "@/components/ui/field";

/** "Activate a batch of secure tags": the batch's code brings all its tags into one of the owner's businesses. */
export function ActivateBatchForm({ businesses }: { businesses: { id: string; name: string }[] }) {
  const t = useTranslations("tags.batch");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<{ form?: string; code?: string }>({});

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = { businessId: String(data.get("businessId") ?? ""), code: String(data.get("code") ?? "") };
    setError({});
    startTransition(async () => {
      const result = await activateTagBatchAction(input).catch(() => ({ ok: false as const, error: t("failed") }));
      if (result.ok) {
        toast.success(t("activated", { count: result.tagCount }));
        router.push(businessTabHref(result.businessId, "tags"));
        return;
      }
      const codeError = "fieldErrors" in result ? result.fieldErrors?.code : undefined;
      setError(codeError ? { code: codeError } : { form: result.error });
    });
  };

  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("hint")}</p>
      <Field
        name="code"
        id="batch-code"
        label={t("code")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={error.code}
      />
      {businesses.length > 1 ? (
        <SelectField name="businessId" id="batch-business" label={t("business")}>
          {businesses.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <input type="hidden" name="businessId" value={businesses[0]?.id ?? ""} />
      )}
      {error.form ? <ActionError>{error.form}</ActionError> : null}
      <Button type="submit" variant="secondary" className="w-full" disabled={pending}>
        {pending ? t("activating") : t("submit")}
      </Button>
    </ClientForm>
  );
}
