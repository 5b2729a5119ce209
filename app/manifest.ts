import type { MetadataRoute } from "next";
import { siteName } from "@/lib/site";

// Served at /manifest.webmanifest; Next.js links it from every page's <head>.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: siteName,
    short_name: siteName,
    description: "Tap an NFC tag, earn stamps, points and rewards at the places you love.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: "#4F46E5",
    background_color: "#ffffff",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
