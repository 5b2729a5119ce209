"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { deleteBusinessAction } from "@/lib/actions/business-lifecycle";
import { Button, buttonClass } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { ActionError, Field } from "@/components/ui/field";

type Props = {
  businessId: string;
  businessName: string;
  /** The CSV exports (lib/export), one link each. */
  exports: { kind: string; href: string }[];
  hasPassword: boolean;
  /** For an account without a password: the mailed confirmation link to ask for first. */
  reauthLink: ReactNode;
  backHref: string;
};

/**
 * "Delete this business" in two steps: the exports first, then the business's
 * name typed and the owner's password (or a confirmation link opened just
 * before). The server checks both; on success the owner lands on the dashboard,
 * which confirms the deletion.
 */
export function DeleteBusinessFlow({ businessId, businessName, exports, hasPassword, reauthLink, backHref }: Props) {
  const t = useTranslations("lifecycle.delete");
  const tReauth = useTranslations("settings.reauth");
  const router = useRouter();
  const [step, setStep] = useState<"export" | "confirm">("export");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNameError(null);
    startTransition(async () => {
      const result = await deleteBusinessAction({ businessId, name, password }).catch(() => ({
        ok: false as const,
        error: t("failed"),
        fieldErrors: undefined,
      }));
      if (!result.ok) {
        const nameProblem = result.fieldErrors?.name;
        if (nameProblem) return setNameError(nameProblem);
        return setError(result.error);
      }
      router.replace(`/dashboard?deleted=${encodeURIComponent(businessId)}`);
      router.refresh();
    });
  };

  if (step === "export") {
    return (
      <section aria-labelledby="delete-export-heading" className="space-y-3" data-testid="delete-export">
        <h2 id="delete-export-heading" className="text-lg font-semibold">
          {t("exportHeading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("exportText")}</p>
        <ul className="flex flex-wrap gap-2">
          {exports.map((file) => (
            <li key={file.kind}>
              {/* A file download from a route handler, not a page: a plain link. */}
              <a href={file.href} download className={buttonClass("secondary")}>
                {t("exportKind", { kind: file.kind })}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2 pt-2">
          <Button type="button" onClick={() => setStep("confirm")}>
            {t("continue")}
          </Button>
          <Link href={backHref} className={buttonClass("ghost")}>
            {t("cancel")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="delete-confirm-heading" className="space-y-3" data-testid="delete-confirm">
      <h2 id="delete-confirm-heading" className="text-lg font-semibold">
        {t("confirmHeading")}
      </h2>
      {reauthLink}
      <ClientForm onSubmit={submit} noValidate className="max-w-sm space-y-4">
        <Field
          id="delete-business-name"
          name="name"
          label={t("nameLabel")}
          hint={t("nameHint", { business: businessName })}
          autoComplete="off"
          spellCheck={false}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError ?? undefined}
        />
        {hasPassword ? (
          <Field
            id="delete-business-password"
            name="password"
            type="password"
            label={tReauth("passwordLabel")}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : null}
        {error ? <ActionError>{error}</ActionError> : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={pending}
            className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t("submit")}
          </button>
          <Button type="button" variant="ghost" onClick={() => setStep("export")}>
            {t("back")}
          </Button>
        </div>
      </ClientForm>
    </section>
  );
}
