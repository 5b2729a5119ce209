/** A spinning ring; `role="img"` gives it its accessible name (a plain span may not carry aria-label). */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className="inline-block h-8 w-8 animate-spin rounded-full border-4 border-brand/30 border-t-brand motion-reduce:animate-none"
    />
  );
}
