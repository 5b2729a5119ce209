import type { ReactNode, SVGProps } from "react";

type Props = Omit<SVGProps<SVGSVGElement>, "children"> & {
  size: number;
  /** Named for screen readers; without it the icon is decorative (hidden). */
  label?: string;
  children: ReactNode;
};

/** A 24×24 outline icon drawn in the current text colour (no icon library on the tap page). */
export function StrokeIcon({ size, label, strokeWidth = 2, children, ...props }: Props) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true, focusable: false };
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...a11y}
      {...props}
    >
      {children}
    </svg>
  );
}
