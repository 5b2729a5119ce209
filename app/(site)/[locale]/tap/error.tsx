"use client";

import { useSearchParams } from "next/navigation";
import { TapNotice } from "@/components/tap/tap-card";
import { TapFrame } from "@/components/tap/tap-frame";
import { Button } from "@/components/ui/button";
import { ErrorReference, type ErrorPageProps } from "@/components/ui/error-notice";
import { useErrorText } from "@/components/i18n/error-text";

// Loading a tap failed on the server (a query threw, a row could not be read),
// on the signed-in /tap or the cached visitor page: the tap's own notice, with
// a retry and the reference of the logged error (docs/errors.md). The browser's
// address is /tap?id=<tag> on both (the visitor page is reached by a rewrite).
export default function TapError({ error, retry }: ErrorPageProps) {
  const tagId = useSearchParams().get("id")?.slice(0, 64) || null;
  const text = useErrorText();
  const tryAgain = (
    <Button type="button" variant="secondary" className="w-full" onClick={retry}>
      {text.retry}
    </Button>
  );
  return (
    <TapFrame>
      <TapNotice message={text.tapFailed} tagId={tagId} action={tryAgain} />
      <div className="mt-4 text-center">
        <ErrorReference error={error} />
      </div>
    </TapFrame>
  );
}
