// The wizard's own controls (combobox, textarea) look like components/ui/field.tsx.
export { inputClass } from "@/components/ui/field";

export const listboxClass =
  "absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900";
