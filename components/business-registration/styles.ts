// Same look as components/ui/field.tsx, for the wizard's own inputs (combobox, textarea).
export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid]:border-red-500 dark:border-slate-700 dark:bg-slate-900";

export const listboxClass =
  "absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900";

export function optionClass(active: boolean) {
  return `cursor-pointer px-3 py-2 text-sm ${active ? "bg-brand text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`;
}

export const errorClass = "text-sm text-red-600 dark:text-red-400";
