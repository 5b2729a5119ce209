import { Spinner } from "@/components/ui/spinner";

/** A segment's loading.tsx: shown while its page reads the database, inside the segment's layout. */
export function PageLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300"
    >
      <Spinner label={label} />
      <p>{label}…</p>
    </div>
  );
}
