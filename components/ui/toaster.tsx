"use client";

import { Toaster as Sonner } from "sonner";

// Mounted once in the root layout (4000 ms, 3 visible, bottom-right). Where the
// dashboard's bottom navigation shows (768 px wide or less), toasts rise above it
// and its raised QR button by --bottom-bar-height (app/globals.css).
const BOTTOM = "calc(24px + var(--bottom-bar-height, 0px))";
const MOBILE_BOTTOM = "calc(16px + var(--bottom-bar-height, 0px))";

/** The toasts' own words (common.toast), in the page's language: sonner's defaults are English. */
export type ToasterText = { region: string; close: string };

export function Toaster({ text }: { text: ToasterText }) {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      containerAriaLabel={text.region}
      toastOptions={{ closeButtonAriaLabel: text.close }}
      offset={{ bottom: BOTTOM, right: 24 }}
      mobileOffset={{ bottom: MOBILE_BOTTOM, left: 16, right: 16 }}
    />
  );
}
