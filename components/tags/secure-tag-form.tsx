"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { disableSecureTagAction, saveSecureTagKeysAction } from "@/lib/actions/secure-tags";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { secureTagKeysSchema, type SecureTagKeysInput } from "@/lib/validation/tags";
import { ClientForm } from "@/components/ui/client-form";

// Both keys are 16 bytes written as hex: no autofill, no spelling marks.
const keyInput = { autoComplete: "off", spellCheck: false } as const;

/**
 * The keys of a secure tag. They are write-only: the fields start empty even
 * for a secure tag, and are cleared once saved.
 */
export function SecureTagForm({ tagId, secure }: { tagId: string; secure: boolean }) {
  const t = useTranslations("tags.secureForm");
  const text = useMessageText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, reset } = useForm<SecureTagKeysInput>({
    resolver: useCatalogResolver(secureTagKeysSchema),
    defaultValues: { tagId, metaReadKey: "", fileReadKey: "" },
  });

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await saveSecureTagKeysAction(values).catch(() => ({
        ok: false as const,
        error: t("saveFailed"),
      }));
      if (result.ok) {
        reset({ tagId, metaReadKey: "", fileReadKey: "" });
        toast.success(t("saved"), { description: t("savedDescription") });
        router.refresh();
      } else toast.error(result.error);
    }),
  );

  const turnOff = () => {
    if (!window.confirm(t("turnOffConfirm"))) return;
    startTransition(async () => {
      const result = await disableSecureTagAction(tagId).catch(() => ({
        ok: false as const,
        error: t("turnOffFailed"),
      }));
      if (result.ok) {
        toast.success(t("turnedOff"));
        router.refresh();
      } else toast.error(result.error);
    });
  };

  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" {...register("tagId")} />
      <Field
        label={t("metaReadKey")}
        hint={t("metaReadKeyHint")}
        placeholder={t("keyPlaceholder")}
        {...keyInput}
        {...register("metaReadKey")}
        error={text(formState.errors.metaReadKey?.message)}
      />
      <Field
        label={t("fileReadKey")}
        hint={t("fileReadKeyHint")}
        placeholder={t("keyPlaceholder")}
        {...keyInput}
        {...register("fileReadKey")}
        error={text(formState.errors.fileReadKey?.message)}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("storedEncrypted")}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : secure ? t("replace") : t("makeSecure")}
        </Button>
        {secure ? (
          <Button type="button" variant="ghost" disabled={pending} onClick={turnOff}>
            {t("turnOff")}
          </Button>
        ) : null}
      </div>
    </ClientForm>
  );
}
