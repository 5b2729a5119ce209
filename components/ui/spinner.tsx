export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span
      aria-label={label}
      className="inline-block h-8 w-8 animate-spin rounded-full border-4 border-brand/30 border-t-brand motion-reduce:animate-none"
    />
  );
}
