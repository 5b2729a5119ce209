"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  INSTALL_BANNER_CLOSED_KEY,
  INSTALL_BANNER_DELAY_MS,
  parseClosedAt,
  shouldShowInstallBanner,
} from "@/components/pwa/install-banner-rules";

/** Chrome's install prompt event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia("(display-mode: standalone)").matches;
}

function readClosedAt(): number | null {
  try {
    return parseClosedAt(localStorage.getItem(INSTALL_BANNER_CLOSED_KEY));
  } catch {
    return null;
  }
}

const BANNER_HEIGHT_VAR = "--install-banner-height";

/** Fixed top banner inviting the user to install the app. */
export function InstallBanner() {
  const t = useTranslations("dashboard.install");
  const [visible, setVisible] = useState(false);
  const deferred = useRef<BeforeInstallPromptEvent | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let timer: number | undefined;
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-infobar away; we offer our banner instead.
      event.preventDefault();
      deferred.current = event as BeforeInstallPromptEvent;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (deferred.current && shouldShowInstallBanner(Date.now(), readClosedAt(), isStandalone())) setVisible(true);
      }, INSTALL_BANNER_DELAY_MS);
    };
    const onInstalled = () => {
      deferred.current = null;
      window.clearTimeout(timer);
      setVisible(false);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  // While it shows, the page moves down by the banner's height (app/globals.css,
  // --install-banner-height), so the fixed banner never covers the header and its links.
  useEffect(() => {
    const banner = bannerRef.current;
    if (!visible || !banner) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(BANNER_HEIGHT_VAR, `${banner.offsetHeight}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, [visible]);

  if (!visible) return null;

  const close = () => {
    try {
      localStorage.setItem(INSTALL_BANNER_CLOSED_KEY, String(Date.now()));
    } catch {
      // Private mode: the banner just stays closed for this page.
    }
    setVisible(false);
  };

  const install = async () => {
    const event = deferred.current;
    // The prompt can be used once; whatever the user chooses, the banner goes.
    deferred.current = null;
    setVisible(false);
    if (!event) return;
    await event.prompt().catch(() => undefined);
    await event.userChoice.catch(() => undefined);
  };

  return (
    <div
      ref={bannerRef}
      role="region"
      aria-label={t("label")}
      className="fixed inset-x-0 top-0 z-50 border-b border-indigo-200 bg-indigo-50 px-4 py-3 shadow-md dark:border-indigo-900 dark:bg-indigo-950"
    >
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-800 dark:text-slate-100">{t("text")}</p>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            {t("close")}
          </Button>
          <Button type="button" onClick={() => void install()}>
            {t("install")}
          </Button>
        </div>
      </div>
    </div>
  );
}
