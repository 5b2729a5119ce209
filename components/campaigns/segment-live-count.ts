import { useEffect, useRef, useState } from "react";
import { countSegmentAction } from "@/lib/actions/segments";
import { segmentSchema, type SegmentDefinition } from "@/lib/campaigns/segment";
import type { SegmentCount } from "@/lib/db/segments";

/** Typing a number counts once the owner pauses, not on every keystroke. */
const DEBOUNCE_MS = 400;

/**
 * The live count of a segment for the builder: asked again a moment after the
 * segment last changed; an answer to an older segment is dropped, and the last
 * count stays on screen (dimmed) while the next one comes.
 */
export function useSegmentCount(businessId: string, segment: SegmentDefinition) {
  const [count, setCount] = useState<SegmentCount | null>(null);
  const [counting, setCounting] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const key = JSON.stringify(segment);

  useEffect(() => {
    const asked = ++latest.current;
    const timer = setTimeout(() => {
      const parsed = segmentSchema.safeParse(JSON.parse(key));
      if (!parsed.success) return;
      setCounting(true);
      countSegmentAction({ businessId, segment: parsed.data })
        .then((result) => {
          if (asked !== latest.current) return;
          setFailed(!result.ok);
          if (result.ok) setCount(result.count);
        })
        .catch(() => asked === latest.current && setFailed(true))
        .finally(() => asked === latest.current && setCounting(false));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [businessId, key]);

  return { count, counting, failed };
}
