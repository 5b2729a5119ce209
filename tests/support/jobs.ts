import { queryRows } from "@/lib/db/sql";
import { JOB_SCHEMA } from "@/lib/jobs/boss";

export type StoredJob = {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: string;
  retryCount: number;
  retryLimit: number;
};

/** The queued jobs (any state) of the given queues whose data[field] is one of `values`, oldest first. */
export function jobsWhere(names: readonly string[], field: string, values: readonly string[]): Promise<StoredJob[]> {
  return queryRows<StoredJob>(
    `SELECT id::text, name, data, state::text, retry_count AS "retryCount", retry_limit AS "retryLimit"
    FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND data->>$2::text = ANY($3::text[])
    ORDER BY created_on, name`,
    [names, field, values],
  );
}
