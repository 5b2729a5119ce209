"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  disableSecureTagAction,
  saveSecureTagKeysAction,
} from "@/app/(site)/[locale]/dashboard/tag/[id]/secure/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { secureTagKeysSchema, type SecureTagKeysInput } from "@/lib/validation/tags";
import { ClientForm } from "@/components/ui/client-form";

// Both keys are 16 bytes written as hex: no autofill, no spelling marks.
const keyInput = { autoComplete: "off", spellCheck: false, placeholder: "32 hexadecimal digits" } as const;

/**
 * The keys of a secure tag. They are write-only: the fields start empty even
 * for a secure tag, and are cleared once saved.
 */
export function SecureTagForm({ tagId, secure }: { tagId: string; secure: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, reset } = useForm<SecureTagKeysInput>({
    resolver: zodResolver(secureTagKeysSchema),
    defaultValues: { tagId, metaReadKey: "", fileReadKey: "" },
  });

  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await saveSecureTagKeysAction(values).catch(() => ({
        ok: false as const,
        error: "Could not save the keys. Please try again.",
      }));
      if (result.ok) {
        reset({ tagId, metaReadKey: "", fileReadKey: "" });
        toast.success("Secure tag saved", { description: "Taps on this tag are now verified." });
        router.refresh();
      } else toast.error(result.error);
    }),
  );

  const turnOff = () => {
    if (!window.confirm("Turn secure verification off? The keys are erased and the plain tag URL earns visits again."))
      return;
    startTransition(async () => {
      const result = await disableSecureTagAction(tagId).catch(() => ({
        ok: false as const,
        error: "Could not turn it off. Please try again.",
      }));
      if (result.ok) {
        toast.success("Secure verification turned off");
        router.refresh();
      } else toast.error(result.error);
    });
  };

  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" {...register("tagId")} />
      <Field
        label="SDM meta read key"
        hint="Decrypts the PICCData (UID and read counter)."
        {...keyInput}
        {...register("metaReadKey")}
        error={formState.errors.metaReadKey?.message}
      />
      <Field
        label="SDM file read key"
        hint="Derives the key of the CMAC the tag appends."
        {...keyInput}
        {...register("fileReadKey")}
        error={formState.errors.fileReadKey?.message}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400">Keys are stored encrypted and never shown again.</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : secure ? "Replace keys" : "Make this tag secure"}
        </Button>
        {secure ? (
          <Button type="button" variant="ghost" disabled={pending} onClick={turnOff}>
            Turn secure off
          </Button>
        ) : null}
      </div>
    </ClientForm>
  );
}
