"use client";

import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { savePasskeyAction, savePasskeyOptionsAction } from "@/lib/actions/passkeys";
import { passkeyErrorKey } from "@/components/auth/passkey-errors";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { ActionError, Field } from "@/components/ui/field";

/**
 * "Save with a passkey" for the signed-in person (docs/authentication.md,
 * "Passkeys"). For a guest it keeps the card: the guest becomes an account
 * that signs in with the passkey. An account adding one re-authenticates
 * first: `askPassword` shows the password field for an account that has one
 * (without one, a confirmation link or passkey used in the last 10 minutes
 * counts). The page re-renders after saving, so lists and banners update.
 */
export function SavePasskeyButton({ askPassword = false, className }: { askPassword?: boolean; className?: string }) {
  const t = useTranslations("auth.passkey");
  const tReauth = useTranslations("settings.reauth");
  const text = useMessageText();
  const router = useRouter();
  const passwordId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const save = () =>
    startTransition(async () => {
      setError(null);
      setSaved(null);
      if (!browserSupportsWebAuthn()) return setError("auth.passkey.unsupported");
      try {
        const options = await savePasskeyOptionsAction({ password });
        if (!options.ok) return setError(options.error);
        let response;
        try {
          response = await startRegistration({ optionsJSON: options.options });
        } catch (ceremony) {
          return setError(passkeyErrorKey(ceremony));
        }
        const result = await savePasskeyAction(response);
        if (!result.ok) return setError(result.error);
        setPassword("");
        setSaved(result.keptCard ? "auth.passkey.keptCard" : "auth.passkey.saved");
        router.refresh();
      } catch {
        setError("auth.passkey.failed");
      }
    });

  return (
    <div className={className ?? "max-w-sm space-y-3"}>
      {askPassword ? (
        <Field
          id={passwordId}
          label={tReauth("passwordLabel")}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : null}
      <Button type="button" variant="secondary" onClick={save} disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
      {error ? <ActionError>{text(error)}</ActionError> : null}
      {saved ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {text(saved)}
        </p>
      ) : null}
    </div>
  );
}
