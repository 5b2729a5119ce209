"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { updateProfileAction } from "@/app/(site)/[locale]/dashboard/settings/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { profileSettingsSchema, type ProfileSettingsInput } from "@/lib/validation/settings";
import { ClientForm } from "@/components/ui/client-form";

export function ProfileForm({ defaults }: { defaults: ProfileSettingsInput }) {
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<ProfileSettingsInput>({
    resolver: zodResolver(profileSettingsSchema),
    defaultValues: defaults,
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await updateProfileAction(values).catch(() => ({
        ok: false as const,
        error: "Please try again.",
      }));
      if (result.ok) {
        // The dashboard header shows the first name.
        router.refresh();
        toast.success("Profile saved");
      } else toast.error("Failed to save your profile", { description: result.error });
    }),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="max-w-sm space-y-4">
      <Field
        label="First name"
        autoComplete="given-name"
        {...register("firstName")}
        error={formState.errors.firstName?.message}
      />
      <Field
        label="Last name"
        autoComplete="family-name"
        {...register("lastName")}
        error={formState.errors.lastName?.message}
      />
      <Field
        label="Birthday"
        type="date"
        autoComplete="bday"
        hint="Businesses with a birthday program use it for your birthday reward."
        {...register("birthday")}
        error={formState.errors.birthday?.message}
      />
      <Button type="submit" disabled={pending}>
        Save profile
      </Button>
    </ClientForm>
  );
}
