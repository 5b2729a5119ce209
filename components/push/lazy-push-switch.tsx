"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import type { PushSwitch } from "@/components/push/push-switch";

// Its own chunk, fetched only where it is rendered: a page that shows it on one
// tab (the business page's Tags) does not load it on the others.
const Switch = lazy(() => import("@/components/push/push-switch").then((module) => ({ default: module.PushSwitch })));

/** The push switch, loaded where it is shown (it shows nothing until it has asked the browser anyway). */
export function LazyPushSwitch(props: ComponentProps<typeof PushSwitch>) {
  return (
    <Suspense fallback={null}>
      <Switch {...props} />
    </Suspense>
  );
}
