import "server-only";
import {
  birthdayTargets,
  localDay,
  oneAwayRange,
  WELCOME_WITHIN_MS,
  winBackWindow,
} from "@/lib/campaigns/automations/due";
import { queueCampaignSend } from "@/lib/campaigns/send";
import { normaliseTimezone } from "@/lib/business/timezone";
import {
  cardPrograms,
  enabledAutomations,
  enrolBirthday,
  enrolOneAway,
  enrolWelcome,
  enrolWinBack,
  type DueAutomation,
} from "@/lib/db/automations";
import { isProgramInDate } from "@/lib/loyalty/dates";

// The hourly "sweep.automations" (docs/campaigns.md, "Automations"): each
// enabled automation takes in the customers now due, one statement each, and
// its sender is woken when anyone new came in. The expiry reminder is not
// here: the reward-expiry sweep sends it (lib/rewards/expiry-sweeps.ts).

async function enrolDue(automation: DueAutomation, now: Date): Promise<number> {
  const timeZone = normaliseTimezone(automation.timezone);
  switch (automation.kind) {
    case "WIN_BACK":
      return enrolWinBack(automation, winBackWindow(now, timeZone, automation.days ?? 30), now);
    case "BIRTHDAY":
      return enrolBirthday(automation, birthdayTargets(now, timeZone, automation.days ?? 0), now);
    case "ONE_STAMP_AWAY": {
      const today = localDay(now, timeZone);
      const ranges = (await cardPrograms(automation.businessId)).flatMap((program) => {
        const range = isProgramInDate(program, today) ? oneAwayRange(program.type, program.rules) : null;
        return range ? [{ programId: program.id, ...range }] : [];
      });
      return enrolOneAway(automation, ranges, now);
    }
    case "WELCOME":
      return enrolWelcome(automation, new Date(now.getTime() - WELCOME_WITHIN_MS), now);
    default:
      return 0;
  }
}

/** Enrols every enabled automation's due customers at `now`; answers how many each took in, by automation id. */
export async function sweepAutomations(now: Date): Promise<Record<string, number>> {
  const enrolled: Record<string, number> = {};
  const failures: unknown[] = [];
  for (const automation of await enabledAutomations()) {
    // One business's failure must not hold up every other's; the job is
    // retried after (a retry enrols nobody twice).
    try {
      const count = await enrolDue(automation, now);
      enrolled[automation.id] = count;
      if (count > 0) await queueCampaignSend(automation.campaignId);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} automation(s) failed to enrol`);
  return enrolled;
}
