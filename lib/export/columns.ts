import { effectiveRewardStatus } from "@/lib/rewards/status";
import { customerFullName } from "@/lib/customers/cursor";
import { isoInZone } from "@/lib/export/period";
import type { CsvValue } from "@/lib/export/csv";
import type { ExportKind } from "@/lib/validation/customers";

// The columns of each export: the header's catalog key (messages/*/customers.json,
// "export.columns") and the cell of a row. Instants are ISO 8601 on the
// business's clock. Pure: the rows come in, strings go out.

type Named = { firstName: string | null; lastName: string | null; name: string | null; email: string | null };
type Column<Row> = { key: string; cell: (row: Row, zone: string, now: Date) => CsvValue };

const at = (date: Date | null, zone: string) => (date ? isoInZone(date, zone) : "");
const person: Column<Named>[] = [
  { key: "name", cell: (row) => customerFullName(row) },
  { key: "email", cell: (row) => row.email },
];

type CustomerCells = Named & {
  phone: string | null;
  /** A guest card (docs/authentication.md, "Guests"): no name or email. */
  guest: boolean;
  linkedAt: Date;
  firstVisitAt: Date | null;
  lastVisitAt: Date | null;
  visitCount: number;
  rewardsEarned: number;
  rewardsReady: number;
};
type VisitCells = Named & { at: Date; source: string; tagId: string | null; location: string | null };
type RewardCells = Named & {
  at: Date;
  rewardName: string;
  code: string;
  status: "AVAILABLE" | "REDEEMED" | "EXPIRED";
  expiresAt: Date | null;
  redeemedAt: Date | null;
};

const customers: Column<CustomerCells>[] = [
  ...person,
  { key: "phone", cell: (row) => row.phone },
  { key: "guest", cell: (row) => (row.guest ? "yes" : "no") },
  { key: "memberSince", cell: (row, zone) => at(row.linkedAt, zone) },
  { key: "firstVisit", cell: (row, zone) => at(row.firstVisitAt, zone) },
  { key: "lastVisit", cell: (row, zone) => at(row.lastVisitAt, zone) },
  { key: "visits", cell: (row) => row.visitCount },
  { key: "rewardsEarned", cell: (row) => row.rewardsEarned },
  { key: "rewardsReady", cell: (row) => row.rewardsReady },
];
const visits: Column<VisitCells>[] = [
  { key: "visitedAt", cell: (row, zone) => at(row.at, zone) },
  ...person,
  { key: "source", cell: (row) => row.source },
  { key: "tag", cell: (row) => row.tagId },
  { key: "location", cell: (row) => row.location },
];
const rewards: Column<RewardCells>[] = [
  { key: "issuedAt", cell: (row, zone) => at(row.at, zone) },
  ...person,
  { key: "reward", cell: (row) => row.rewardName },
  { key: "code", cell: (row) => row.code },
  { key: "status", cell: (row, _zone, now) => effectiveRewardStatus(row, now) },
  { key: "expiresAt", cell: (row, zone) => at(row.expiresAt, zone) },
  { key: "redeemedAt", cell: (row, zone) => at(row.redeemedAt, zone) },
];

const COLUMNS = { customers, visits, rewards } as const;

/** The catalog keys of the header row of `kind` (under "customers.export.columns."). */
export function exportHeaderKeys(kind: ExportKind): string[] {
  return COLUMNS[kind].map((column) => column.key);
}

/** The cells of one row of `kind`. */
export function exportCells(kind: ExportKind, row: unknown, timeZone: string, now: Date): CsvValue[] {
  const columns = COLUMNS[kind] as Column<unknown>[];
  return columns.map((column) => column.cell(row, timeZone, now));
}

/** `<slug>-<kind>-<from>-<to>.csv`, or `<slug>-<kind>-all.csv` without a period. */
export function exportFileName(slug: string, kind: ExportKind, from?: string, to?: string): string {
  const safeSlug = slug.replace(/[^A-Za-z0-9-]/g, "");
  return from && to ? `${safeSlug}-${kind}-${from}-${to}.csv` : `${safeSlug}-${kind}-all.csv`;
}
