"use client";

import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useFieldArray, useFormContext } from "react-hook-form";
import { SocialIconSvg } from "@/components/business/icons";
import { Button } from "@/components/ui/button";
import { SOCIAL_NETWORKS, socialIconFor } from "@/lib/business/display";
import { MAX_SOCIAL_LINKS, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { Field, FieldError, UrlField } from "@/components/ui/field";

/** Network + link rows; add and remove. Known networks get their icon on the card. */
export function SocialLinksField() {
  const t = useTranslations("dashboard.profile.social");
  const text = useMessageText();
  const { control, register, watch, formState } = useFormContext<BusinessProfileUpdateInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "socialLinks" });
  const rowErrors = formState.errors.socialLinks;

  return (
    <div className="space-y-3">
      <datalist id="social-networks">
        {SOCIAL_NETWORKS.map((network) => (
          <option key={network} value={network} />
        ))}
      </datalist>
      {fields.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{t("empty")}</p> : null}
      <ul className="space-y-3">
        {fields.map((row, index) => {
          const errors = rowErrors?.[index];
          const networkId = `social-network-${index}`;
          const urlId = `social-url-${index}`;
          const network = watch(`socialLinks.${index}.network`) ?? "";
          return (
            <li
              key={row.id}
              className="grid grid-cols-[auto_minmax(0,7rem)_minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[auto_minmax(0,9rem)_minmax(0,1fr)_auto]"
            >
              <span className="mt-3 text-slate-500 dark:text-slate-400">
                <SocialIconSvg icon={socialIconFor(network)} />
              </span>
              <Field
                label={t("network", { number: index + 1 })}
                hideLabel
                id={networkId}
                list="social-networks"
                // i18n-ignore: a network's name, the same in every language
                placeholder="instagram"
                autoComplete="off"
                {...register(`socialLinks.${index}.network`)}
                error={text(errors?.network?.message)}
              />
              <UrlField
                label={t("link", { number: index + 1 })}
                hideLabel
                id={urlId}
                {...register(`socialLinks.${index}.url`)}
                error={text(errors?.url?.message)}
              />
              <Button
                type="button"
                variant="ghost"
                aria-label={t("remove", { number: index + 1 })}
                onClick={() => remove(index)}
              >
                ×
              </Button>
            </li>
          );
        })}
      </ul>
      {rowErrors?.message ? <FieldError>{text(rowErrors.message)}</FieldError> : null}
      <Button
        type="button"
        variant="secondary"
        disabled={fields.length >= MAX_SOCIAL_LINKS}
        onClick={() => append({ network: "", url: "" })}
      >
        {t("add")}
      </Button>
    </div>
  );
}
