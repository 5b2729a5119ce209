import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** A titled group of a long form's fields, boxed like the rest of the page's cards. */
export function FormSection({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <Card as="fieldset" className="space-y-4 p-5">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </Card>
  );
}
