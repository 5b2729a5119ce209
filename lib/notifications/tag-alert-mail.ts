import "server-only";
import { z } from "zod";
import { emailVerificationRequired } from "@/lib/auth/email-verification";
import { deliverOnce } from "@/lib/db/notification-delivery";
import { readTagAlertMail } from "@/lib/db/tag-health";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { QUEUES } from "@/lib/jobs/queues";
import { mailer } from "@/lib/mail";
import { tagAlertMail, type TagAlertKind } from "@/lib/mail/notifications";
import { recipientSkipReason } from "@/lib/notifications/mail-rules";
import { listUnsubscribeHeaders, unsubscribeLinks } from "@/lib/notifications/unsubscribe";
import { siteUrl } from "@/lib/site";

// mail.tag-alert (docs/tag-health.md): the owner is told of a tag health
// episode, in their language, once (the episode row was inserted once; the
// delivery is claimed once per alert). The owner's settings hold: the
// account's Notifications switch off, or "Stop mails from <business>", and
// nothing is sent.

const job = z.object({ alertId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export async function sendTagAlertMail(data: unknown): Promise<"sent" | "already sent" | `skipped: ${string}`> {
  const parsed = job.safeParse(data);
  if (!parsed.success) {
    console.error("Mail job mail.tag-alert dropped: its data is not what the queue expects");
    return "skipped: invalid job data";
  }
  const read = await readTagAlertMail(parsed.data.alertId);
  if (!read) return "skipped: alert, tag or business gone";
  const notFor = recipientSkipReason(read.owner, emailVerificationRequired());
  if (notFor) return `skipped: ${notFor}`;
  if (read.business.withdrawn) return "skipped: business withdrawn";
  if (read.optedOut) return "skipped: unsubscribed from this business";
  const locale = storedLocale(read.owner.language);
  const stopBusiness = unsubscribeLinks({ userId: read.owner.id, businessId: read.business.id });
  const stopAll = unsubscribeLinks({ userId: read.owner.id, businessId: "all" });
  const mail = tagAlertMail(
    {
      firstName: read.owner.firstName,
      business: { name: read.business.name, color: read.business.color },
      kind: read.kind as TagAlertKind,
      tag: read.tag.label ?? read.tag.id,
      location: read.location,
      days: count(read.facts.days),
      taps: count(read.facts.taps),
      usual: count(read.facts.usual),
      tagsUrl: `${siteUrl()}/dashboard/business/${encodeURIComponent(read.business.id)}?tab=tags`,
    },
    { unsubscribe: stopBusiness.page, unsubscribeAll: stopAll.page, settings: `${siteUrl()}/dashboard/settings` },
    await getKeyTranslator(locale),
    locale,
  );
  const email = read.owner.email!;
  const outcome = await deliverOnce(
    `mail:tag-alert:${read.id}`,
    read.owner.id,
    QUEUES["mail.tag-alert"].expireInSeconds,
    () => mailer().send({ to: email, ...mail, headers: listUnsubscribeHeaders(stopBusiness) }),
  );
  return outcome === "sent" ? "sent" : "already sent";
}
