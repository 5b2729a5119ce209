import { z } from "zod";
import { isPassTypeId } from "@/lib/wallet/apple/keys";
import { idString, multiLineText } from "@/lib/validation/text";

// What Apple Wallet sends the PassKit web service (docs/wallet.md, "Apple
// Wallet: updates"): path segments, the registration's body, the log's body
// and the update tag. Anything else is answered with a 4xx before it reaches
// the database.

/** A device's library identifier: an opaque id of Wallet's, unreserved URL characters only. */
export const deviceLibraryIdSchema = idString();

/** A Pass Type ID ("pass.com.example.loyalty"); whether it is ours is the route's question. */
export const passTypeIdSchema = z.string().max(200).refine(isPassTypeId);

/** A pass's serial number, as we issue them. */
export const serialNumberSchema = idString();

/** The segments of the registration routes. */
export const registrationParamsSchema = z.object({
  deviceLibraryIdentifier: deviceLibraryIdSchema,
  passTypeIdentifier: passTypeIdSchema,
  serialNumber: serialNumberSchema,
});

export const deviceParamsSchema = z.object({
  deviceLibraryIdentifier: deviceLibraryIdSchema,
  passTypeIdentifier: passTypeIdSchema,
});

export const passParamsSchema = z.object({
  passTypeIdentifier: passTypeIdSchema,
  serialNumber: serialNumberSchema,
});

/**
 * POST …/registrations/…: the device's APNs push token. APNs issues hex
 * (64 digits today; Apple says they may grow), and the sender puts it into
 * the request's path, so nothing else is taken.
 */
export const registrationBodySchema = z.object({
  pushToken: z.string().regex(/^[0-9A-Fa-f]{16,200}$/),
});

/** How many messages of one POST /v1/log are kept, and how long each may be. */
export const DEVICE_LOG_MESSAGES = 20;
export const DEVICE_LOG_MESSAGE_LENGTH = 1000;

/**
 * POST /v1/log: Wallet's error messages about our passes. Text only (line
 * breaks allowed, other control characters refused, as everywhere); longer
 * lists and messages are cut when logged, not refused.
 */
export const deviceLogBodySchema = z.object({
  logs: z.array(multiLineText().max(10_000)).max(100),
});

/** passesUpdatedSince: a tag we gave out (milliseconds since the epoch, as text). */
export const updateTagSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform((value) => new Date(Number(value)));
