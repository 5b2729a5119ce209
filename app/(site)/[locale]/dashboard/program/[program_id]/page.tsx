import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache } from "react";
import { formatProgramDay } from "@/components/programs/program-offer";
import { ProgramForm } from "@/components/programs/program-form";
import { ProgramStatsGrid } from "@/components/programs/program-stats";
import { ProgramStatusActions } from "@/components/programs/program-status-actions";
import { ProgramStatusBadge } from "@/components/programs/program-status-badge";
import { PROGRAM_TYPE_LABELS, ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { requireUser } from "@/lib/auth/current-user";
import type { Locale } from "@/lib/i18n/locales";
import { locationChoicesByBusiness } from "@/lib/db/locations";
import { getOwnedProgram, programStats } from "@/lib/db/programs";
import { programStatus } from "@/lib/loyalty/program-status";
import { programFormValues } from "@/lib/validation/program-form";
import { programIdSchema } from "@/lib/validation/programs";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ program_id: string }> };

// Only the owner of the program's business: anyone else gets the same 404 as
// for a program that does not exist.
const loadOwnedProgram = cache(async (programId: string) => {
  const user = await requireUser();
  return programIdSchema.safeParse(programId).success ? getOwnedProgram(user.id, programId) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const program = await loadOwnedProgram((await params).program_id);
  return { title: program ? program.name : (await getTranslations("programEditor.errors"))("notFound") };
}

async function ProgramPage({ params }: Props) {
  const program = await loadOwnedProgram((await params).program_id);
  if (!program) notFound();
  const [stats, locations, t, types, locale] = await Promise.all([
    programStats(program.id),
    locationChoicesByBusiness([program.business.id]),
    getTranslations("programEditor"),
    getTranslations("programs.types"),
    getLocale() as Promise<Locale>,
  ]);
  const status = programStatus(program);
  const starts = formatProgramDay(program.startDate, locale);
  const ends = formatProgramDay(program.endDate, locale);
  const typeName = program.type in PROGRAM_TYPE_LABELS ? types(`${program.type}.name`) : types("other.name");
  return (
    <div className="space-y-8">
      <Link
        href={`/dashboard/business/${program.business.id}`}
        className="text-sm text-brand underline dark:text-indigo-300"
      >
        ← {t("backTo", { name: program.business.name })}
      </Link>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="mt-1 text-brand dark:text-indigo-300">
            <ProgramTypeIcon type={program.type} size={28} label={typeName} />
          </span>
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold break-words">{program.name}</h1>
              <ProgramStatusBadge status={status} />
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {typeName} · {program.business.name}
              {starts ? ` · ${t("dates.starts", { date: starts })}` : ""}
              {ends ? ` · ${t("dates.ends", { date: ends })}` : ""}
            </p>
          </div>
        </div>
        {program.endedAt ? null : (
          <ProgramStatusActions programId={program.id} programName={program.name} active={program.active} />
        )}
      </header>

      {program.endedAt ? (
        <p
          role="status"
          className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {t("page.ended", { date: formatProgramDay(program.endedAt, locale) ?? "" })}
        </p>
      ) : status === "Paused" ? (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {t("page.paused")}
        </p>
      ) : null}

      <section aria-labelledby="stats-heading" className="space-y-3">
        <h2 id="stats-heading" className="text-lg font-semibold">
          {t("page.numbers")}
        </h2>
        <ProgramStatsGrid stats={stats} />
      </section>

      <section aria-labelledby="settings-heading" className="space-y-3">
        <h2 id="settings-heading" className="text-lg font-semibold">
          {t("page.settings")}
        </h2>
        <ProgramForm
          mode="edit"
          programId={program.id}
          defaultValues={programFormValues(program)}
          readOnly={Boolean(program.endedAt)}
          locations={locations}
        />
      </section>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, ProgramPage);
