"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { claimTagAction } from "@/lib/actions/tag-claim";
import { TapNotice } from "@/components/tap/tap-card";
import { Button } from "@/components/ui/button";
import { Field, FieldError, SelectField } from "@/components/ui/field";
import { businessTabHref } from "@/lib/business/page-tabs";
import { claimTagSchema, type ClaimTagInput } from "@/lib/validation/tags";
import { ClientForm } from "@/components/ui/client-form";

export function ClaimTagForm({
  tagId,
  businesses,
  locations = [],
}: {
  tagId: string | null;
  businesses: { id: string; name: string }[];
  /** The businesses' open locations, each business's in the owner's order (its main one first). */
  locations?: { id: string; businessId: string; name: string }[];
}) {
  const t = useTranslations("tags.claim");
  const where = useTranslations("locations.claim");
  const text = useMessageText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<{ message: string; tagId: string } | null>(null);
  const { register, handleSubmit, formState, control, setValue } = useForm<ClaimTagInput>({
    resolver: useCatalogResolver(claimTagSchema),
    defaultValues: { tagId: tagId ?? "", businessId: businesses[0]?.id ?? "", locationId: "" },
  });
  // A business with one open location takes the tag there: nothing to choose. With more, its
  // main location is chosen until the owner picks another ("" sends none: the main one).
  const businessId = useWatch({ control, name: "businessId" });
  const choices = locations.filter((location) => location.businessId === businessId);

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await claimTagAction(values).catch(() => ({
        ok: false as const,
        error: t("failed"),
      }));
      if (result.ok) {
        toast.success(t("claimed"), { description: t("claimedDescription", { tag: values.tagId }) });
        router.push(businessTabHref(result.businessId, "tags"));
      } else if ("code" in result && result.code === "tap_already_claimed") {
        setNotice({ message: result.error, tagId: values.tagId });
      } else toast.error(t("failed"), { description: result.error });
    }),
  );

  if (notice) return <TapNotice message={notice.message} tagId={notice.tagId} />;
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={t("tagId")}
        readOnly={Boolean(tagId)}
        {...register("tagId")}
        error={text(formState.errors.tagId?.message)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("business")}</legend>
        {businesses.map((b) => (
          <label
            key={b.id}
            className="flex items-center gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <input
              type="radio"
              value={b.id}
              {...register("businessId", { onChange: () => setValue("locationId", "") })}
            />
            {b.name}
          </label>
        ))}
        {formState.errors.businessId ? <FieldError>{text(formState.errors.businessId.message)}</FieldError> : null}
      </fieldset>
      {choices.length > 1 ? (
        <SelectField
          key={businessId}
          label={where("location")}
          hint={where("hint")}
          id="locationId"
          {...register("locationId")}
          error={text(formState.errors.locationId?.message)}
        >
          {choices.map((location, index) => (
            <option key={location.id} value={index === 0 ? "" : location.id}>
              {index === 0 ? where("main", { name: location.name }) : location.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("claiming") : t("submit")}
      </Button>
    </ClientForm>
  );
}
