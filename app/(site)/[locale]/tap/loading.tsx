import { Spinner } from "@/components/ui/spinner";

// Shown while the tag is checked on the server (a loading spinner while checking).
export default function TapLoading() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6" role="status">
      <Spinner label="Checking tag" />
      <p>Checking tag…</p>
    </main>
  );
}
