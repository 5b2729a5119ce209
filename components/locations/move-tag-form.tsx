"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { moveTagToLocationAction } from "@/lib/actions/locations";

type Props = {
  businessId: string;
  tagId: string;
  /** Where it hangs now (possibly a closed location). */
  locationId: string | null;
  /** The business's open locations, in the owner's order. */
  open: { id: string; name: string }[];
};

/** "Move to": hangs the tag at another open location of the business; its next visits are recorded there. */
export function MoveTagForm({ businessId, tagId, locationId, open }: Props) {
  const t = useTranslations("locations.tags");
  const others = open.filter((location) => location.id !== locationId);
  const [target, setTarget] = useState(others[0]?.id ?? "");
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  if (others.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(
      () => moveTagToLocationAction({ businessId, tagId, locationId: target }),
      (result) => {
        setError(result.ok ? null : result.error);
        if (result.ok)
          toast.success(t("moved", { tag: tagId, location: open.find((l) => l.id === target)?.name ?? "" }));
      },
    );
  };
  return (
    <ClientForm onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <label className="text-sm" htmlFor={`move-${tagId}`}>
        <span className="sr-only">{t("moveLabel", { tag: tagId })}</span>
        <select
          id={`move-${tagId}`}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className={`${inputClass} py-1.5`}
        >
          {others.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary" disabled={disabled}>
        {t("move")}
      </Button>
      {error ? <FormAlert className="w-full">{error}</FormAlert> : null}
    </ClientForm>
  );
}
