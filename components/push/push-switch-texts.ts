import { getTranslations } from "next-intl/server";
import type { PushSwitchTexts } from "@/components/push/push-switch";

/**
 * The push switch's texts in the reader's language, from one part of
 * messages/<locale>/push.json: the wallet's reward notifications or the
 * owner's tag alerts (docs/notifications-push.md).
 */
export async function pushSwitchTexts(namespace: "push.optIn" | "push.tagAlerts"): Promise<PushSwitchTexts> {
  const t = await getTranslations(namespace);
  return {
    button: t("button"),
    hint: t("hint"),
    on: t("on"),
    turnOff: t("turnOff"),
    denied: t("denied"),
    failed: t("failed"),
    offFailed: t("offFailed"),
  };
}
