"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useMessageText } from "@/components/i18n/use-message-text";
import { CopyButton } from "@/components/tags/copy-button";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field, FieldError } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { createApiKeyAction } from "@/lib/actions/api-keys";
import { API_KEY_SCOPES } from "@/lib/api-keys/scopes";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/validation/api-keys";

/**
 * The owner names a new key and picks its scopes; the key comes back once and
 * is shown here, with a copy button, until "Done" (or leaving the page): the
 * server keeps only its hash, so it can never be shown again.
 */
export function CreateApiKeyForm({ businessId }: { businessId: string }) {
  const t = useTranslations("apiKeys");
  const text = useMessageText();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useRefreshAction();
  const { register, handleSubmit, formState, reset } = useForm<CreateApiKeyInput>({
    resolver: useCatalogResolver(createApiKeySchema),
    defaultValues: { businessId, name: "", scopes: ["read"] },
  });
  const submit = handleSubmit((values) =>
    run(
      () => createApiKeyAction(values),
      (result) => {
        if (result.ok) {
          setCreated({ key: result.key, name: result.name });
          setError(null);
          reset({ businessId, name: "", scopes: ["read"] });
          return;
        }
        setError(result.error);
      },
    ),
  );

  if (created)
    return (
      <div role="status" className="space-y-3" data-testid="new-api-key">
        <h3 className="font-semibold">{t("created.heading")}</h3>
        <p className="text-sm">{t("created.warning")}</p>
        <p className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all dark:bg-slate-800">
          <code data-testid="new-api-key-value">{created.key}</code>
        </p>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={created.key} label={t("created.copy")} />
          <Button type="button" variant="ghost" onClick={() => setCreated(null)}>
            {t("created.done")}
          </Button>
        </div>
      </div>
    );

  const scopeError = text(formState.errors.scopes?.message ?? formState.errors.scopes?.root?.message);
  return (
    <ClientForm onSubmit={submit} noValidate className="space-y-3">
      <input type="hidden" {...register("businessId")} />
      <Field
        label={t("create.name")}
        autoComplete="off"
        hint={t("create.nameHint")}
        {...register("name")}
        error={text(formState.errors.name?.message)}
      />
      <fieldset className="space-y-1" aria-describedby={scopeError ? "api-key-scopes-error" : undefined}>
        <legend className="text-sm font-medium">{t("create.scopes")}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={scope} {...register("scopes")} />
            <span>
              <code>{scope}</code> · {t(`scopes.${scope}`)}
            </span>
          </label>
        ))}
        {scopeError ? <FieldError id="api-key-scopes-error">{scopeError}</FieldError> : null}
      </fieldset>
      <Button type="submit" disabled={pending}>
        {pending ? t("create.creating") : t("create.submit")}
      </Button>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </ClientForm>
  );
}
