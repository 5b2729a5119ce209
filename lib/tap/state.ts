import "server-only";
import { db } from "@/lib/db";
import type { PublicBusiness } from "@/lib/business/public-business";
import { getTapLanding, landingClosure, type ProgramSummary, type TapLanding } from "@/lib/db/tap-landing";
import type { AppUser } from "@/lib/db/users";
import { checkSecureTap } from "@/lib/nfc/secure-tap";
import type { SunParams, SunRejection } from "@/lib/nfc/verify-tap";
import { describeProgress, type ProgressDescription } from "@/lib/loyalty";
import { programsRunningOn } from "@/lib/tap/programs";
import { localDateIn } from "@/lib/time/local-date";

// What a tag shows to the person who tapped it.
// One function for GET /api/tap and the server-rendered /tap page.

export type TapState =
  /** `withdrawn`: the tag's business exists but is withdrawn from public pages (its owner is disabled). */
  | { kind: "not_found"; tagId: string; redirectToClaim: boolean; withdrawn?: true }
  | { kind: "available"; tagId: string; redirectToClaim: boolean }
  | {
      kind: "business";
      tagId: string;
      business: PublicBusiness;
      programs: ProgramSummary[];
      secure: boolean;
      /** A visitor may start a guest card here: the owner allows it and a program runs today. */
      guestCards: boolean;
      /** The viewer owns this business: their own tag. */
      redirectToDashboard: boolean;
      /** Closed for the season (docs/business-lifecycle.md): until which local day (null: until reopened), on its clock. */
      closed: { until: string | null; timeZone: string } | null;
      /** Signed-in viewer only: linked to the business, and progress per program id. */
      linked: boolean | null;
      progress: Record<string, ProgressDescription>;
    };

async function ownsAnyBusiness(userId: string): Promise<boolean> {
  return (await db.business.count({ where: { ownerId: userId }, take: 1 })) > 0;
}

export async function loadTapState(tagId: string, viewer: AppUser | null, now = new Date()): Promise<TapState> {
  return stateOf(await getTapLanding(tagId), tagId, viewer, now);
}

export type VerifiedTapState = { ok: true; state: TapState } | { ok: false; rejection: SunRejection };

/**
 * GET /api/tap and the /tap page: a secure tag's SUN message is checked before
 * anything else — the MAC and the chip for a visitor, and a fresh counter too
 * for a signed-in viewer (whose visit would be refused otherwise). A look
 * writes nothing: no counter is spent and no rejection is logged; only an
 * attempt to record a visit does that (lib/tap/record.ts).
 */
export async function loadVerifiedTapState(
  tagId: string,
  viewer: AppUser | null,
  sun: SunParams,
  now = new Date(),
): Promise<VerifiedTapState> {
  const landing = await getTapLanding(tagId);
  if (landing.exists && landing.claimed && landing.secure) {
    const check = await checkSecureTap(
      { id: tagId, timezone: landing.timezone },
      sun,
      viewer ? "fresh" : "authenticate",
    );
    if (!check.ok) return { ok: false, rejection: check.rejection };
  }
  return { ok: true, state: await stateOf(landing, tagId, viewer, now) };
}

async function stateOf(landing: TapLanding, tagId: string, viewer: AppUser | null, now: Date): Promise<TapState> {
  // Nobody may claim a withdrawn business's tag: it stays that business's.
  if (!landing.exists && landing.withdrawn)
    return { kind: "not_found", tagId, redirectToClaim: false, withdrawn: true };
  if (!landing.exists || !landing.claimed) {
    // A business owner on a free tag is taken straight to claiming it.
    const redirectToClaim = viewer ? await ownsAnyBusiness(viewer.id) : false;
    return { kind: landing.exists ? "available" : "not_found", tagId, redirectToClaim };
  }
  const localDate = localDateIn(landing.timezone, now);
  const programs = programsRunningOn(landing.programs, localDate);
  const closure = landingClosure(landing, now);
  const base = {
    kind: "business" as const,
    tagId,
    business: landing.business,
    programs,
    secure: landing.secure,
    // A business closed for the season starts no card: the first visit would not count.
    guestCards: landing.guestCards && programs.length > 0 && !closure,
    redirectToDashboard: viewer?.id === landing.ownerId,
    closed: closure ? { until: closure.until, timeZone: landing.timezone } : null,
  };
  if (!viewer) return { ...base, linked: null, progress: {} };

  const membership = await db.membership.findUnique({
    where: { userId_businessId: { userId: viewer.id, businessId: landing.business.id } },
    select: {
      progress: {
        select: {
          programId: true,
          count: true,
          total: true,
          tier: true,
          state: true,
          program: { select: { type: true, rules: true } },
        },
      },
    },
  });
  const progress: Record<string, ProgressDescription> = {};
  for (const row of membership?.progress ?? []) {
    progress[row.programId] = describeProgress(row.program.type, row.program.rules, row, localDate);
  }
  return { ...base, linked: Boolean(membership), progress };
}
