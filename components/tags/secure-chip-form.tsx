"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { pinSecureTagChipAction } from "@/app/(site)/[locale]/dashboard/tag/[id]/secure/actions";
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
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [uid, setUid] = useState("");
  const [error, setError] = useState<string | undefined>();

  const save = (value: string, done: string) =>
    startTransition(async () => {
      const result = await pinSecureTagChipAction({ tagId, uid: value }).catch(() => ({
        ok: false as const,
        error: "Could not save the chip. Please try again.",
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
      setError(parsed.success ? "Enter the chip UID to pin." : firstIssue(parsed.error, "Enter the chip UID to pin."));
      return;
    }
    if (
      chipUid &&
      parsed.data !== chipUid &&
      !window.confirm(`Replace the pinned chip ${chipUid} with ${parsed.data}? Links from the old chip stop working.`)
    )
      return;
    setError(undefined);
    save(parsed.data, "Chip pinned");
  };

  const clear = () => {
    if (!window.confirm("Clear the pinned chip? The next verified tap pins its chip.")) return;
    setError(undefined);
    save("", "Pinned chip cleared");
  };

  return (
    <div className="space-y-3">
      <p data-testid="pinned-chip">
        {chipUid ? (
          <>
            Pinned chip UID: <span className="font-mono">{chipUid}</span>
          </>
        ) : (
          "No chip pinned yet: the first verified tap pins its chip."
        )}
      </p>
      <ClientForm onSubmit={onSubmit} noValidate className="space-y-3">
        <Field
          label="Chip UID"
          name="chipUid"
          autoComplete="off"
          spellCheck={false}
          placeholder="14 hexadecimal digits, e.g. 04A1B2C3D4E5F6"
          hint="Optional. Printed on the tag or shown by NFC tools as its 7-byte UID."
          value={uid}
          onChange={(event) => {
            setUid(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending}>
            {chipUid ? "Pin another chip" : "Pin this chip"}
          </Button>
          {chipUid ? (
            <Button type="button" variant="ghost" disabled={pending} onClick={clear}>
              Clear pinned chip
            </Button>
          ) : null}
        </div>
      </ClientForm>
    </div>
  );
}
