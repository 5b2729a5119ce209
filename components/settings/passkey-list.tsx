"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { confirmWithPasskeyAction, confirmWithPasskeyOptionsAction, removePasskeyAction } from "@/lib/actions/passkeys";
import { passkeyErrorKey } from "@/components/auth/passkey-errors";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { ActionError, Field } from "@/components/ui/field";

export type PasskeyItem = { id: string; name: string; created: string; lastUsed: string | null };

/**
 * The account's passkeys (docs/authentication.md, "Passkeys"), each removable.
 * Removing is a sensitive action: the password typed here, or, without one,
 * a confirmation link or a passkey used in the last 10 minutes ("Confirm it's
 * you with a passkey" below). The server refuses to remove the account's last
 * way to sign in.
 */
export function PasskeyList({ passkeys, hasPassword }: { passkeys: PasskeyItem[]; hasPassword: boolean }) {
  const t = useTranslations("settings.passkeys");
  const tReauth = useTranslations("settings.reauth");
  const text = useMessageText();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const remove = (id: string) =>
    startTransition(async () => {
      setError(null);
      setStatus(null);
      const result = await removePasskeyAction(id, { password }).catch(() => ({
        ok: false as const,
        error: "auth.passkey.failed",
      }));
      if (!result.ok) return setError(result.error);
      setStatus("settings.passkeys.removed");
      router.refresh();
    });

  const confirm = () =>
    startTransition(async () => {
      setError(null);
      setStatus(null);
      try {
        const options = await confirmWithPasskeyOptionsAction();
        if (!options.ok) return setError(options.error);
        let response;
        try {
          response = await startAuthentication({ optionsJSON: options.options });
        } catch (ceremony) {
          return setError(passkeyErrorKey(ceremony));
        }
        const result = await confirmWithPasskeyAction(response);
        if (!result.ok) return setError(result.error);
        setStatus("settings.passkeys.confirmed");
      } catch {
        setError("auth.passkey.failed");
      }
    });

  if (passkeys.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{t("none")}</p>;
  return (
    <div className="max-w-xl space-y-3">
      <ul
        aria-label={t("listLabel")}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      >
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <div>
              <p className="font-medium">{passkey.name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t("created", { date: passkey.created })} ·{" "}
                {passkey.lastUsed ? t("lastUsed", { date: passkey.lastUsed }) : t("neverUsed")}
              </p>
            </div>
            <Button
              type="button"
              variant="ghost"
              onClick={() => remove(passkey.id)}
              disabled={pending}
              aria-label={t("removeNamed", { name: passkey.name })}
            >
              {t("remove")}
            </Button>
          </li>
        ))}
      </ul>
      {hasPassword ? (
        <div className="max-w-sm">
          <Field
            id="passkey-remove-password"
            label={tReauth("passwordLabel")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      ) : (
        <Button type="button" variant="secondary" onClick={confirm} disabled={pending}>
          {t("confirm")}
        </Button>
      )}
      {error ? <ActionError>{text(error)}</ActionError> : null}
      {status ? (
        <p role="status" className="text-sm">
          {text(status)}
        </p>
      ) : null}
    </div>
  );
}
