"use client";

import { Toaster as Sonner } from "sonner";

// Mounted once in the root layout (4000 ms, 3 visible, bottom-right).
export function Toaster() {
  return <Sonner position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
