import { getTranslations } from "next-intl/server";
import { LazyPushSwitch } from "@/components/push/lazy-push-switch";
import { pushSwitchTexts } from "@/components/push/push-switch-texts";
import { pushEndpointDigests } from "@/lib/db/push";
import { pushConfig } from "@/lib/push/config";

/**
 * The Tags tab's "Alert me on this device": the owner's tag alerts by web push
 * in this browser as well as by mail (docs/tag-health.md, "Alerts"). Nothing
 * with web push off.
 */
export async function TagAlertPush({ ownerId }: { ownerId: string }) {
  const push = pushConfig();
  if (!push) return null;
  const [t, texts, subscribed] = await Promise.all([
    getTranslations("push.tagAlerts"),
    pushSwitchTexts("push.tagAlerts"),
    pushEndpointDigests(ownerId),
  ]);
  return (
    <LazyPushSwitch
      publicKey={push.publicKey}
      subscribed={subscribed}
      testId="tag-alert-push"
      texts={{ ...texts, unsupported: t("unsupported") }}
    />
  );
}
