import "server-only";
import { z } from "zod";
import { deliverOnce } from "@/lib/db/notification-delivery";
import { readEndpointDisabledMail } from "@/lib/db/webhooks";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { QUEUES } from "@/lib/jobs/queues";
import { mailer } from "@/lib/mail";
import { webhookDisabledMail } from "@/lib/mail/notifications";
import { siteUrl } from "@/lib/site";

// mail.webhook-disabled: the owner is told that one of their webhook endpoints
// was turned off after failing (docs/webhooks.md, "Retries and disabling"), in
// their language. A service mail about their own setup: sent whatever their
// notification settings, once per turning-off (the job's key).

const job = z.object({ endpointId: z.string().min(1).max(64) });

export async function sendWebhookDisabledMail(data: unknown): Promise<"sent" | "already sent" | `skipped: ${string}`> {
  const parsed = job.safeParse(data);
  if (!parsed.success) return "skipped: invalid job data";
  const read = await readEndpointDisabledMail(parsed.data.endpointId);
  if (!read) return "skipped: endpoint deleted";
  if (read.enabled || !read.disabledAt) return "skipped: turned back on";
  if (!read.email || read.disabledAccount) return "skipped: no owner to tell";
  const locale = storedLocale(read.language);
  const mail = webhookDisabledMail(
    {
      firstName: read.firstName,
      business: read.businessName,
      url: read.url,
      pageUrl: `${siteUrl()}/dashboard/business/${encodeURIComponent(read.businessId)}/integrations/webhooks`,
    },
    await getKeyTranslator(locale),
    locale,
  );
  const email = read.email;
  const key = `mail:webhook-disabled:${parsed.data.endpointId}:${read.disabledAt.toISOString()}`;
  const outcome = await deliverOnce(key, read.ownerId, QUEUES["mail.webhook-disabled"].expireInSeconds, () =>
    mailer().send({ to: email, ...mail }),
  );
  return outcome === "sent" ? "sent" : "already sent";
}
