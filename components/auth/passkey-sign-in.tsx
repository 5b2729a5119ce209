"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition } from "react";
import { passkeySignInAction, passkeySignInOptionsAction } from "@/lib/actions/login";
import { passkeyErrorKey } from "@/components/auth/passkey-errors";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";

type Ceremony = { ok: true; redirectTo: string } | { ok: false; error: string };

// The WebAuthn helpers load after the page, not with it: the log-in page's first
// load is what a phone waits for (its JavaScript budget, docs/performance.md).
const webauthn = () => import("@simplewebauthn/browser");

/**
 * One sign-in ceremony: options (this browser's challenge), the browser's passkey, the server's
 * verdict. `wanted` is asked once the options are there: the autofill's request must not start
 * (and cancel the button's) once the button has taken over.
 */
async function signInWithPasskey(
  redirect: string | null,
  autofill: boolean,
  wanted: () => boolean = () => true,
): Promise<Ceremony> {
  const options = await passkeySignInOptionsAction();
  if (!options.ok) return options;
  if (!wanted()) return { ok: false, error: "auth.passkey.cancelled" };
  let response;
  try {
    const { startAuthentication } = await webauthn();
    response = await startAuthentication({ optionsJSON: options.options, useBrowserAutofill: autofill });
  } catch (error) {
    return { ok: false, error: passkeyErrorKey(error) };
  }
  return passkeySignInAction(response, redirect);
}

/**
 * The log-in page's passkey sign-in (docs/authentication.md, "Passkeys"): the
 * "Use a passkey" button, and, where the browser offers passkeys in the email
 * field's autofill (its autocomplete is "username webauthn"), a conditional
 * request started on load that waits for the person to pick one there.
 */
export function PasskeySignIn({ redirect }: { redirect: string | null }) {
  const t = useTranslations("auth.passkey");
  const text = useMessageText();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // The autofill's pending request: a browser runs one WebAuthn request at a time.
  const autofill = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let active = true;
    const mine: Promise<void> = (async () => {
      // Let the assignment below happen before this request asks whether it is still wanted.
      await Promise.resolve();
      try {
        const { browserSupportsWebAuthnAutofill } = await webauthn();
        if (!(await browserSupportsWebAuthnAutofill()) || !active) return;
        const result = await signInWithPasskey(redirect, true, () => active && autofill.current === mine);
        if (!active) return;
        // A full navigation, as after every sign-in: every server component reads the new session.
        if (result.ok) window.location.assign(result.redirectTo);
        // The button's ceremony cancels this one: only a real failure is worth a word.
        else if (result.error !== "auth.passkey.cancelled") setError(result.error);
      } catch {
        // Autofill is an offer: the button and the forms are still there.
      }
    })();
    autofill.current = mine;
    return () => {
      active = false;
      void webauthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [redirect]);

  const onClick = () =>
    startTransition(async () => {
      setError(null);
      const { browserSupportsWebAuthn, WebAuthnAbortService } = await webauthn();
      if (!browserSupportsWebAuthn()) return setError("auth.passkey.unsupported");
      try {
        // End the autofill's request first, and wait until the browser has let it go.
        const waiting = autofill.current;
        autofill.current = null;
        if (waiting) {
          WebAuthnAbortService.cancelCeremony();
          await Promise.race([waiting, new Promise((resolve) => setTimeout(resolve, 2000))]);
        }
        const result = await signInWithPasskey(redirect, false);
        if (result.ok) window.location.assign(result.redirectTo);
        else setError(result.error);
      } catch {
        setError("auth.passkey.failed");
      }
    });

  return (
    <div className="space-y-3">
      <Button type="button" variant="secondary" className="w-full" onClick={onClick} disabled={pending}>
        {pending ? t("signingIn") : t("use")}
      </Button>
      {error ? <FormAlert>{text(error)}</FormAlert> : null}
    </div>
  );
}
