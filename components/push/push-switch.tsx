"use client";

import { useEffect, useState } from "react";
import { subscribePushAction, unsubscribePushAction } from "@/lib/actions/wallet";
import { Button } from "@/components/ui/button";
import { decodeBase64Url } from "@/lib/push/keys";

type State = "checking" | "unsupported" | "off" | "on" | "denied" | "working";

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && !!crypto.subtle;
}

// The digest the server lists for each of the customer's subscribed browsers (lib/db/push.ts endpointDigest).
async function digest(endpoint: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The service worker's registration: the dashboard registers it on load; in development nobody has yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** What the switch says, written on the server (docs/notifications-push.md, "Turning it on in a browser"). */
export type PushSwitchTexts = {
  button: string;
  hint: string;
  on: string;
  turnOff: string;
  denied: string;
  failed: string;
  offFailed: string;
  /** Said where the browser cannot take push; without it such a browser sees nothing. */
  unsupported?: string;
};

/**
 * Web push in this browser, on or off: the wallet's reward notifications and
 * the Tags tab's tag alerts. Nothing is asked of the browser until the button
 * is pressed: then its permission prompt, a push subscription through the
 * service worker with our VAPID key, and the subscription stored on the server.
 * "On" means this browser's subscription is one the server holds for this
 * account (`subscribed`: digests of their endpoints).
 */
export function PushSwitch({
  publicKey,
  subscribed,
  texts,
  testId,
}: {
  publicKey: string;
  subscribed: string[];
  texts: PushSwitchTexts;
  testId: string;
}) {
  const [state, setState] = useState<State>("checking");
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const settle = (next: State) => live && setState(next);
    (async () => {
      if (!supported()) return settle("unsupported");
      if (Notification.permission === "denied") return settle("denied");
      const existing = await navigator.serviceWorker.getRegistration("/");
      const subscription = await existing?.pushManager.getSubscription();
      if (
        Notification.permission === "granted" &&
        subscription &&
        subscribed.includes(await digest(subscription.endpoint))
      )
        return settle("on");
      settle("off");
    })().catch(() => settle("off"));
    return () => {
      live = false;
    };
  }, [subscribed]);

  const turnOn = async () => {
    setFailed(null);
    setState("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
      const key = decodeBase64Url(publicKey);
      if (!key) throw new Error("no VAPID public key");
      const { pushManager } = await registration();
      let subscription = await pushManager.getSubscription();
      // Subscribed earlier with another key (the keys were replaced): that subscription cannot be pushed to.
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key as Uint8Array<ArrayBuffer>,
      });
      const result = await subscribePushAction(subscription.toJSON());
      if (!result.ok) throw new Error(result.error);
      setState("on");
    } catch {
      setFailed(texts.failed);
      setState("off");
    }
  };

  const turnOff = async () => {
    setFailed(null);
    setState("working");
    try {
      const existing = await navigator.serviceWorker.getRegistration("/");
      const subscription = await existing?.pushManager.getSubscription();
      if (subscription) {
        const result = await unsubscribePushAction({ endpoint: subscription.endpoint });
        if (!result.ok) throw new Error(result.error);
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setFailed(texts.offFailed);
      setState("on");
    }
  };

  if (state === "checking") return null;
  if (state === "unsupported")
    return texts.unsupported ? (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid={testId}>
        {texts.unsupported}
      </p>
    ) : null;
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid={testId}>
      {state === "on" ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm font-medium">
            {texts.on}
          </p>
          <Button variant="secondary" onClick={turnOff}>
            {texts.turnOff}
          </Button>
        </div>
      ) : state === "denied" ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{texts.denied}</p>
      ) : (
        <>
          <Button onClick={turnOn} disabled={state === "working"}>
            {texts.button}
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-300">{texts.hint}</p>
        </>
      )}
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failed}
        </p>
      ) : null}
    </section>
  );
}
