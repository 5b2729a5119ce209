"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { pinSecureTagChipAction } from "@/lib/actions/secure-tags";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field } from "@/components/ui/field";
import { chipUidInputSchema } from "@/lib/nfc/chip-uid";
import { firstIssue } from "@/lib/validation/errors";

/**
 * The chip a secure tag is bound to. Links from any other chip are refused,
 * even with the same keys. The owner may enter the UID up front, or leave it
 * to the first verified tap; replacing a chip means pinning the new UID (or
 * clearing the pin) deliberately.
 */
export function SecureChipForm({ tagId, chipUid }: { tagId: string; chipUid: string | null }) {
  const t = useTranslations("tags.chip");
  const text = useMessageText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [uid, setUid] = useState("");
  const [error, setError] = useState<string | undefined>();

  const save = (value: string, done: string) =>
    startTransition(async () => {
      const result = await pinSecureTagChipAction({ tagId, uid: value }).catch(() => ({
        ok: false as const,
        error: t("saveFailed"),
      }));
      if (result.ok) {
        setUid("");
        toast.success(done);
        router.refresh();
      } else setError(result.error);
    });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = chipUidInputSchema.safeParse(uid);
    if (!parsed.success || parsed.data === null) {
      setError(parsed.success ? t("uidRequired") : text(firstIssue(parsed.error, "tags.chip.uidRequired")));
      return;
    }
    if (chipUid && parsed.data !== chipUid && !window.confirm(t("replaceConfirm", { old: chipUid, next: parsed.data })))
      return;
    setError(undefined);
    save(parsed.data, t("pinned"));
  };

  const clear = () => {
    if (!window.confirm(t("clearConfirm"))) return;
    setError(undefined);
    save("", t("cleared"));
  };

  return (
    <div className="space-y-3">
      <p data-testid="pinned-chip">
        {chipUid ? (
          <>
            {t("pinnedUid")} <span className="font-mono">{chipUid}</span>
          </>
        ) : (
          t("nonePinned")
        )}
      </p>
      <ClientForm onSubmit={onSubmit} noValidate className="space-y-3">
        <Field
          label={t("uid")}
          name="chipUid"
          autoComplete="off"
          spellCheck={false}
          placeholder={t("uidPlaceholder")}
          hint={t("uidHint")}
          value={uid}
          onChange={(event) => {
            setUid(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending}>
            {chipUid ? t("pinAnother") : t("pinThis")}
          </Button>
          {chipUid ? (
            <Button type="button" variant="ghost" disabled={pending} onClick={clear}>
              {t("clear")}
            </Button>
          ) : null}
        </div>
      </ClientForm>
    </div>
  );
}
