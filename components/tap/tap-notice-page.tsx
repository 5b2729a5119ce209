import type { ReactNode } from "react";
import { TapNotice, type TapNoticeText } from "@/components/tap/tap-card";
import { TapFrame } from "@/components/tap/tap-frame";
import type { Locale } from "@/lib/i18n/locales";

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
  lang,
  text,
  account,
}: {
  message: string;
  tagId: string | null;
  children?: ReactNode;
  /** The page's language where it is not English, with the notice's words in it. */
  lang?: Locale;
  text?: TapNoticeText;
  /** The header's account link (TapFrame). */
  account?: ReactNode;
}) {
  return (
    <TapFrame lang={lang} account={account}>
      <TapNotice message={message} tagId={tagId} text={text} />
      {children}
    </TapFrame>
  );
}
