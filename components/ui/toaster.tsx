"use client";

import { Toaster as Sonner } from "sonner";

// Mounted once in the root layout (4000 ms, 3 visible, bottom-right). Where the
// dashboard's bottom navigation shows (768 px wide or less), toasts rise above it
// and its raised QR button by --bottom-bar-height (app/globals.css).
const BOTTOM = "calc(24px + var(--bottom-bar-height, 0px))";
const MOBILE_BOTTOM = "calc(16px + var(--bottom-bar-height, 0px))";

export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      offset={{ bottom: BOTTOM, right: 24 }}
      mobileOffset={{ bottom: MOBILE_BOTTOM, left: 16, right: 16 }}
    />
  );
}
