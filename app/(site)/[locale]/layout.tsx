import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { colorSchemeScript } from "@/lib/color-scheme";
import { cspBrowserScript } from "@/lib/csp-browser";
import { siteName, siteUrl } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { template: `%s | ${siteName}`, default: siteName },
  description: "Tap an NFC tag, earn stamps, points and rewards at the places you love.",
  applicationName: siteName,
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4F46E5",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The inline script may add the "dark" class before hydration.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: colorSchemeScript + cspBrowserScript }} />
      </head>
      <body className="min-h-dvh font-sans">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
