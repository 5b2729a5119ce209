import type { ReactNode } from "react";
import type { PlaceholderIcon } from "@/lib/business/theme";
import type { SocialIcon } from "@/lib/business/display";
import { StrokeIcon } from "@/components/ui/stroke-icon";

// Small hand-drawn line icons (24×24, currentColor) so the public card needs
// no icon library and renders identically on the server and in the preview.

const placeholderPaths: Record<PlaceholderIcon, ReactNode> = {
  store: <path d="M4 4h16l1 5H3zM5 9v11h14V9M10 20v-6h4v6" />,
  "ice-cream": <path d="M8 11l4 10 4-10M7 11a5 5 0 0 1 10 0z" />,
  utensils: <path d="M6 3v6a2 2 0 0 0 4 0V3M8 11v10M17 3c-2 2-2 7 0 9v9" />,
  cake: <path d="M4 21h16M5 21v-8h14v8M5 16c2 1 4 1 7 0s5-1 7 0M12 13V9M12 6.5c-1-1 0-2.5 0-3.5 0 1 1 2.5 0 3.5z" />,
  coffee: <path d="M4 8h12v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM16 10h2a2 2 0 0 1 0 4h-2M8 2v3M12 2v3" />,
  "shopping-bag": <path d="M5 7h14l-1 14H6zM9 10V6a3 3 0 0 1 6 0v4" />,
  pizza: (
    <>
      <path d="M12 21L3 6c6-3 12-3 18 0z" />
      <circle cx="10" cy="9" r="1" />
      <circle cx="14" cy="11" r="1" />
      <circle cx="12" cy="15" r="1" />
    </>
  ),
  beer: (
    <path d="M5 8h10v12H5zM15 11h2a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-2M5 8a3 3 0 0 1 3-4 3 3 0 0 1 4 0 3 3 0 0 1 3 4M9 12v5M12 12v5" />
  ),
  wine: <path d="M8 3h8c0 4-1 8-4 8S8 7 8 3zM12 11v9M8 21h8" />,
  leaf: <path d="M5 19C5 9 11 4 20 4c0 9-5 15-15 15zM5 19l8-8" />,
  heart: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />,
  music: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
  book: <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 21a2 2 0 0 1 2-2h14v2H6" />,
  dumbbell: <path d="M3 10v4M6 7v10M18 7v10M21 10v4M6 12h12" />,
};

const socialPaths: Record<SocialIcon, ReactNode> = {
  facebook: <path d="M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z" />,
  twitter: (
    <path d="M22 5.5a8.3 8.3 0 0 1-2.4.7 4.2 4.2 0 0 0 1.8-2.3 8.4 8.4 0 0 1-2.6 1A4.2 4.2 0 0 0 11.6 8.7 11.9 11.9 0 0 1 3 4.3a4.2 4.2 0 0 0 1.3 5.6 4.2 4.2 0 0 1-1.9-.5 4.2 4.2 0 0 0 3.4 4.1 4.2 4.2 0 0 1-1.9.1 4.2 4.2 0 0 0 3.9 2.9A8.4 8.4 0 0 1 2 18.3 11.9 11.9 0 0 0 8.4 20c7.7 0 11.9-6.4 11.9-11.9v-.5A8.5 8.5 0 0 0 22 5.5z" />
  ),
  x: <path d="M4 4h4l12 16h-4zM20 4l-6.6 7.2M4 20l6.6-7.2" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4" />
    </>
  ),
  youtube: (
    <path d="M2 12c0-3 .3-5 1-6 .8-1 3-1.5 9-1.5s8.2.5 9 1.5c.7 1 1 3 1 6s-.3 5-1 6c-.8 1-3 1.5-9 1.5S3.8 19 3 18c-.7-1-1-3-1-6zM10 9l5 3-5 3z" />
  ),
  tiktok: <path d="M14 3v11a4 4 0 1 1-4-4M14 3c.5 3 2.5 5 6 5" />,
  spotify: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7 9.5c3.5-1 7.5-.7 10 1M7.5 13c3-.8 6-.5 8.5 1M8 16.3c2.3-.6 4.7-.4 6.5.7" />
    </>
  ),
  web: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </>
  ),
};

const contactPaths = {
  phone: <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />,
  pin: (
    <>
      <path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" />
      <circle cx="12" cy="9" r="2.5" />
    </>
  ),
  globe: socialPaths.web,
} as const;

export function PlaceholderIconSvg({
  icon,
  size = 24,
  className,
}: {
  icon: PlaceholderIcon;
  size?: number;
  className?: string;
}) {
  return (
    <StrokeIcon size={size} className={className}>
      {placeholderPaths[icon] ?? placeholderPaths.store}
    </StrokeIcon>
  );
}

export function SocialIconSvg({ icon, size = 20, className }: { icon: SocialIcon; size?: number; className?: string }) {
  return (
    <StrokeIcon size={size} className={className}>
      {socialPaths[icon]}
    </StrokeIcon>
  );
}

export function ContactIconSvg({
  icon,
  size = 18,
  className,
}: {
  icon: keyof typeof contactPaths;
  size?: number;
  className?: string;
}) {
  return (
    <StrokeIcon size={size} className={className}>
      {contactPaths[icon]}
    </StrokeIcon>
  );
}
