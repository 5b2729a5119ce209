import { getTranslations } from "next-intl/server";
import { PushSwitch } from "@/components/push/push-switch";

/** The wallet's offer of reward notifications in this browser (docs/notifications-push.md, "What the customer sees"). */
export async function PushOptIn({ publicKey, subscribed }: { publicKey: string; subscribed: string[] }) {
  const t = await getTranslations("push.optIn");
  return (
    <PushSwitch
      publicKey={publicKey}
      subscribed={subscribed}
      testId="push-opt-in"
      texts={{
        button: t("button"),
        hint: t("hint"),
        on: t("on"),
        turnOff: t("turnOff"),
        denied: t("denied"),
        failed: t("failed"),
        offFailed: t("offFailed"),
      }}
    />
  );
}
