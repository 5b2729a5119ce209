import { NextResponse } from "next/server";
import { checkHealth } from "@/lib/db/health";

// GET /api/health — for load balancers and monitors: 200 when the database
// answers and every migration is applied, else 503. Never cached.
export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  return NextResponse.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
