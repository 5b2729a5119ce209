import "server-only";
import { mailer, type Mailer } from "@/lib/mail";
import type { CampaignMessage } from "@/lib/campaigns/message";

// The mail channel: the rendered mail with the headers mail programs use for
// their own unsubscribe button (RFC 2369, RFC 8058). The one-click address
// withdraws this business's marketing consent (app/api/campaigns/unsubscribe).

/** `via`: a batch's mail session (lib/mail, mailSession); the ordinary mailer otherwise. */
export async function sendCampaignMail(
  to: string,
  message: CampaignMessage,
  unsubscribeUrl: string | null,
  via: Mailer = mailer(),
) {
  await via.send({
    to,
    subject: message.email.subject,
    text: message.email.text,
    html: message.email.html,
    headers: unsubscribeUrl
      ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : {},
  });
}
