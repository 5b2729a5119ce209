import type { ReactNode } from "react";
import { TapNotice } from "@/components/tap/tap-card";
import { TapFrame } from "@/components/tap/tap-frame";

/**
 * A tap page that ends in a notice whose text the page decides (an invalid
 * id, a secure tag's rejection): the frame and the notice, with `children`
 * beside it (the signed-in page's attempt to record a refused visit). A
 * failure to load the tag is not one of these: it throws to app/tap/error.tsx
 * (docs/errors.md).
 */
export function TapNoticePage({
  message,
  tagId,
  children,
}: {
  message: string;
  tagId: string | null;
  children?: ReactNode;
}) {
  return (
    <TapFrame>
      <TapNotice message={message} tagId={tagId} />
      {children}
    </TapFrame>
  );
}
