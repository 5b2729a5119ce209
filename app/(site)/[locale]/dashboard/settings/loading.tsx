import { PageLoading } from "@/components/ui/page-loading";

export default function Loading() {
  return <PageLoading label="Loading your settings" />;
}
