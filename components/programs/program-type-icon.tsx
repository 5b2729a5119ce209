import { StrokeIcon } from "@/components/ui/stroke-icon";
import { cn } from "@/lib/utils";

// One icon per program type, and a default for any other type.
// Inline SVG paths (24×24, stroke) keep the tap page free of an icon library.
const paths: Record<string, string> = {
  stamps: "M4 20h16M7 16h10l-1-5H8l-1 5zM9 11V7a3 3 0 1 1 6 0v4",
  points: "M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9L12 3z",
  tier: "M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4",
  visits: "M12 21s-7-5.3-7-11a7 7 0 0 1 14 0c0 5.7-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  referral: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6",
  birthday: "M4 21h16v-8H4v8zM4 16c2 1 4 1 6 0s4-1 6 0 3 1 4 0M12 13V9M12 6.5c-1-1-1-2.5 0-3.5 1 1 1 2.5 0 3.5z",
  anniversary: "M3 9h18M7 3v3M17 3v3M5 6h14v14H5V6zM12 17l-2.5-2.4a1.6 1.6 0 1 1 2.5-2 1.6 1.6 0 1 1 2.5 2L12 17z",
  challenge: "M13 2L4 14h7l-1 8 9-12h-7l1-8z",
  "time-limited": "M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4l2.5 2.5M9 2h6",
  gamified:
    "M6 11h4M8 9v4M15 12h.01M18 10h.01M17.3 5H6.7a4 4 0 0 0-4 3.6l-.6 6a3 3 0 0 0 5.4 2.1L9 15h6l1.5 1.7a3 3 0 0 0 5.4-2.1l-.6-6A4 4 0 0 0 17.3 5z",
  default:
    "M20 12v9H4v-9M2 7h20v5H2V7zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z",
};

export const PROGRAM_TYPE_LABELS: Record<string, string> = {
  stamps: "Stamp card",
  points: "Points",
  tier: "Tiers",
  visits: "Visits",
  referral: "Referral",
  birthday: "Birthday",
  anniversary: "Anniversary",
  challenge: "Challenge",
  "time-limited": "Limited time",
  gamified: "Instant win",
};

/** `label`: the type's name in the page's language (programs.types), where the page is not in English. */
export function ProgramTypeIcon({
  type,
  size = 24,
  className,
  label,
}: {
  type: string;
  size?: number;
  className?: string;
  label?: string;
}) {
  const d = paths[type] ?? paths.default;
  return (
    <StrokeIcon
      size={size}
      strokeWidth={1.8}
      // Never squeezed by a name that wraps beside it.
      className={cn("shrink-0", className)}
      // Without a label (a type the catalog does not know, or none given) the icon is decorative.
      label={label ?? PROGRAM_TYPE_LABELS[type]}
      data-program-icon={paths[type] ? type : "default"}
    >
      <path d={d} />
    </StrokeIcon>
  );
}
