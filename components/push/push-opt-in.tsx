import { PushSwitch } from "@/components/push/push-switch";
import { pushSwitchTexts } from "@/components/push/push-switch-texts";

/** The wallet's offer of reward notifications in this browser (docs/notifications-push.md, "What the customer sees"). */
export async function PushOptIn({ publicKey, subscribed }: { publicKey: string; subscribed: string[] }) {
  return (
    <PushSwitch
      publicKey={publicKey}
      subscribed={subscribed}
      testId="push-opt-in"
      texts={await pushSwitchTexts("push.optIn")}
    />
  );
}
