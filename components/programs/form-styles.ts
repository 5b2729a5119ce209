// Layout classes of the program form; control classes come from components/ui/field.
export { hintClass, inputClass } from "@/components/ui/field";
export const fieldsetClass = "space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
export const legendClass = "px-1 text-base font-semibold";
