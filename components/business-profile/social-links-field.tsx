"use client";

import { useFieldArray, useFormContext } from "react-hook-form";
import { SocialIconSvg } from "@/components/business/icons";
import { Button } from "@/components/ui/button";
import { SOCIAL_NETWORKS, socialIconFor } from "@/lib/business/display";
import { MAX_SOCIAL_LINKS, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { FieldError } from "@/components/ui/field";

const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid]:border-red-500 dark:border-slate-700 dark:bg-slate-900";

/** Network + link rows; add and remove. Known networks get their icon on the card. */
export function SocialLinksField() {
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
      {fields.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">No social links yet.</p> : null}
      <ul className="space-y-3">
        {fields.map((row, index) => {
          const errors = rowErrors?.[index];
          const networkId = `social-network-${index}`;
          const urlId = `social-url-${index}`;
          const network = watch(`socialLinks.${index}.network`) ?? "";
          return (
            <li key={row.id} className="grid grid-cols-[auto_minmax(0,7rem)_minmax(0,1fr)_auto] sm:grid-cols-[auto_minmax(0,9rem)_minmax(0,1fr)_auto] items-start gap-2">
              <span className="mt-3 text-slate-500 dark:text-slate-400">
                <SocialIconSvg icon={socialIconFor(network)} />
              </span>
              <div className="space-y-1">
                <label htmlFor={networkId} className="sr-only">
                  Social network {index + 1}
                </label>
                <input
                  id={networkId}
                  list="social-networks"
                  placeholder="instagram"
                  autoComplete="off"
                  aria-invalid={errors?.network ? true : undefined}
                  className={inputClass}
                  {...register(`socialLinks.${index}.network`)}
                />
                {errors?.network ? (
                  <FieldError>
                    {errors.network.message}
                  </FieldError>
                ) : null}
              </div>
              <div className="space-y-1">
                <label htmlFor={urlId} className="sr-only">
                  Social link {index + 1}
                </label>
                <input
                  id={urlId}
                  type="url"
                  inputMode="url"
                  placeholder="https://…"
                  aria-invalid={errors?.url ? true : undefined}
                  className={inputClass}
                  {...register(`socialLinks.${index}.url`)}
                />
                {errors?.url ? (
                  <FieldError>
                    {errors.url.message}
                  </FieldError>
                ) : null}
              </div>
              <Button type="button" variant="ghost" aria-label={`Remove social link ${index + 1}`} onClick={() => remove(index)}>
                ×
              </Button>
            </li>
          );
        })}
      </ul>
      {rowErrors?.message ? (
        <FieldError>
          {rowErrors.message}
        </FieldError>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        disabled={fields.length >= MAX_SOCIAL_LINKS}
        onClick={() => append({ network: "", url: "" })}
      >
        Add social link
      </Button>
    </div>
  );
}
