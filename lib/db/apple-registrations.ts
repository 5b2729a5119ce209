import "server-only";
import { db } from "@/lib/db";
import { applePassFields, type ApplePassRow } from "@/lib/db/apple-pass";
import { sameToken } from "@/lib/wallet/apple/web-service";

// The devices that hold Apple Wallet passes (AppleDeviceRegistration) and
// what the PassKit web service and the update jobs read of the passes
// (docs/wallet.md, "Apple Wallet: updates"). The web service has no session:
// a pass's own authentication token, which only the pass carries, is the
// whole authorisation, checked here in constant time.

export type ServicePass = ApplePassRow;

// A token to compare with when the serial is unknown, so both cases take the same work.
const NO_TOKEN = "no pass has this token: it is never issued".padEnd(64, "-");

/**
 * The pass with this serial number, if `token` is its authentication token;
 * null for an unknown serial and a wrong token alike (Wallet gets 401 for both).
 */
export async function authorizedApplePass(serialNumber: string, token: string): Promise<ServicePass | null> {
  const pass = await db.applePass.findUnique({
    where: { serialNumber },
    select: applePassFields,
  });
  const matches = sameToken(token, pass?.authenticationToken ?? NO_TOKEN);
  return pass && matches ? pass : null;
}

/** How many devices one pass keeps registrations for: past that, the oldest goes (a device can register any id). */
export const DEVICES_PER_PASS = 10;

/**
 * A device registers for a pass's updates (or again, with a new push token).
 * "created" for a new registration (Wallet's 201), "exists" when the device
 * had one (200); its push token is replaced either way.
 */
export async function registerAppleDevice(
  passId: string,
  deviceLibraryIdentifier: string,
  pushToken: string,
  now = new Date(),
): Promise<"created" | "exists"> {
  const [row] = await db.$queryRaw<{ created: boolean }[]>`
    INSERT INTO "AppleDeviceRegistration" ("id", "deviceLibraryIdentifier", "pushToken", "passId", "createdAt")
    VALUES (gen_random_uuid()::text, ${deviceLibraryIdentifier}, ${pushToken}, ${passId}, ${now})
    ON CONFLICT ("deviceLibraryIdentifier", "passId") DO UPDATE SET "pushToken" = EXCLUDED."pushToken"
    RETURNING (xmax = 0) AS "created"`;
  if (!row?.created) return "exists";
  await db.$executeRaw`
    DELETE FROM "AppleDeviceRegistration" WHERE "passId" = ${passId} AND "id" NOT IN (
      SELECT "id" FROM "AppleDeviceRegistration" WHERE "passId" = ${passId}
      ORDER BY "createdAt" DESC, "id" DESC LIMIT ${DEVICES_PER_PASS}
    )`;
  return "created";
}

/** The device no longer wants the pass's updates (the pass was removed from it). */
export async function unregisterAppleDevice(passId: string, deviceLibraryIdentifier: string): Promise<void> {
  await db.appleDeviceRegistration.deleteMany({ where: { passId, deviceLibraryIdentifier } });
}

/**
 * How long a change of a pass may take to commit after its updatedAt was
 * set. The tag handed to a device never passes a moment younger than this,
 * so a change still uncommitted when the device asked is listed next time.
 */
export const PASS_CHANGE_SETTLE_MS = 60_000;

export type UpdatedSerials = { serialNumbers: string[]; lastUpdated: Date };

/** How many serial numbers one answer lists at most; the tag then makes the device ask for the rest. */
export const SERIALS_PER_ANSWER = 500;

/**
 * The serial numbers of the device's passes changed after `since` (all of
 * its passes without one), and the tag for its next question; null when
 * none changed (Wallet's 204). The tag is the latest change listed, but
 * never later than a minute before this read (PASS_CHANGE_SETTLE_MS;
 * docs/wallet.md explains the race this closes).
 */
export async function updatedSerialsForDevice(
  deviceLibraryIdentifier: string,
  since: Date | null,
  limit = SERIALS_PER_ANSWER,
): Promise<UpdatedSerials | null> {
  // Index "AppleDeviceRegistration_deviceLibraryIdentifier_passId_key", then each pass by its id.
  const rows = await db.$queryRaw<{ serialNumber: string; updatedAt: Date; settled: Date }[]>`
    SELECT p."serialNumber", p."updatedAt",
      (statement_timestamp() AT TIME ZONE 'UTC') - make_interval(secs => ${PASS_CHANGE_SETTLE_MS / 1000}::float8) AS "settled"
    FROM "AppleDeviceRegistration" r JOIN "ApplePass" p ON p."id" = r."passId"
    WHERE r."deviceLibraryIdentifier" = ${deviceLibraryIdentifier}
      AND (${since}::timestamp(3) IS NULL OR p."updatedAt" > ${since}::timestamp(3))
    ORDER BY p."updatedAt", p."serialNumber"
    LIMIT ${limit}::int`;
  if (rows.length === 0) return null;
  let latest = rows.at(-1)!.updatedAt.getTime();
  // Cut short: passes changed in the last listed millisecond may be among those left out.
  if (rows.length === limit) latest -= 1;
  const lastUpdated = new Date(Math.min(latest, rows[0]!.settled.getTime()));
  return { serialNumbers: rows.map((row) => row.serialNumber).sort(), lastUpdated };
}

/** What an update job needs of a pass: null once it is gone (cleaned up). */
export function applePassVersion(passId: string): Promise<{ version: number } | null> {
  return db.applePass.findUnique({ where: { id: passId }, select: { version: true } });
}

/** The push tokens of the devices registered for these passes, each once. */
export async function pushTokensOf(passIds: readonly string[]): Promise<string[]> {
  if (passIds.length === 0) return [];
  const rows = await db.appleDeviceRegistration.findMany({
    where: { passId: { in: [...passIds] } },
    select: { pushToken: true },
    distinct: ["pushToken"],
    orderBy: { pushToken: "asc" },
  });
  return rows.map((row) => row.pushToken);
}

/** APNs says this push token is gone: every registration made with it goes. */
export async function forgetApplePushToken(pushToken: string): Promise<number> {
  return (await db.appleDeviceRegistration.deleteMany({ where: { pushToken } })).count;
}
