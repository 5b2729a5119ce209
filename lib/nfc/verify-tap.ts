import { message, type Message } from "@/lib/i18n/message";
import type { TagKeys } from "./keys";
import { tagPublicUrl } from "./sticker-url";
import { verifyPlainSun, verifySun } from "./sun";
import { SUN_PARAMETER_NAMES, type SunParameterName } from "./sun-parameters";

// The SUN check of a tap on a secure tag, as pure functions: which URL
// parameters form the message, whether its MAC is right, and whether its read
// counter is fresh. The database side (keys, last counter, rejection log,
// atomic acceptance with the visit) is lib/nfc/secure-tap.ts.

export const TAG_NOT_VERIFIED_MESSAGE = message("api.tap.tagNotVerified");
export const TAP_REPLAYED_MESSAGE = message("api.tap.tapReplayed");

export { SUN_PARAMETER_NAMES };
export type SunParams = Partial<Record<SunParameterName, string>>;

/**
 * The SUN message of a tap URL, in one of the two layouts our templates write:
 *  - encrypted PICCData: `picc_data` + `cmac`, optionally `enc` (encrypted file
 *    data) right before `cmac`. The tag MACs the URL text from SDMMACInputOffset
 *    to SDMMACOffset: nothing for our default template, and `<enc>&cmac=` when
 *    the MAC input offset is set to the start of the `enc` value (AN12196
 *    §4.4.4.2.2). The MAC input is case-sensitive text, so `enc` is used
 *    exactly as received.
 *  - plain mirroring: `uid` + `ctr` + `cmac`, with SDMMACInputOffset =
 *    SDMMACOffset (empty MAC input).
 */
export type SunMessage =
  | { layout: "encrypted"; piccData: string; cmac: string; macInput: string }
  | { layout: "plain"; uid: string; ctr: string; cmac: string; macInput: string };

/** The SUN message in the parameters; null when no complete one is present. */
export function sunMessageOf(params: SunParams): SunMessage | null {
  const { picc_data: piccData, enc, cmac, uid, ctr } = params;
  if (!cmac) return null;
  if (piccData) return { layout: "encrypted", piccData, cmac, macInput: enc ? `${enc}&cmac=` : "" };
  if (uid && ctr) return { layout: "plain", uid, ctr, cmac, macInput: "" };
  return null;
}

/** The SUN parameters of a query or body, first value of each, anything else dropped. */
export function pickSunParams(source: Record<string, unknown>): SunParams {
  const out: SunParams = {};
  for (const name of SUN_PARAMETER_NAMES) {
    const raw = source[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === "string" && value !== "") out[name] = value;
  }
  return out;
}

/** The SUN parameters as a query string, in template order, for links that must keep them. */
export function sunQueryOf(params: SunParams): string {
  const query = new URLSearchParams();
  for (const name of SUN_PARAMETER_NAMES) {
    const value = params[name];
    if (value) query.set(name, value);
  }
  return query.toString();
}

export type SunVerdict = { ok: true; uid: string; counter: number } | { ok: false; reason: "missing" | "not_verified" };

/**
 * Authenticates the tap's SUN message with the tag's keys. A link without a
 * complete message is "missing"; malformed and forged messages are
 * "not_verified": the caller learns nothing more.
 */
export function verifyTapSun(params: SunParams, keys: TagKeys): SunVerdict {
  const message = sunMessageOf(params);
  if (!message) return { ok: false, reason: "missing" };
  const result =
    message.layout === "encrypted"
      ? verifySun({ piccData: message.piccData, cmac: message.cmac, macInput: message.macInput }, keys)
      : verifyPlainSun(
          { uid: message.uid, ctr: message.ctr, cmac: message.cmac, macInput: message.macInput },
          keys.fileReadKey,
        );
  if (!result.ok) return { ok: false, reason: "not_verified" };
  return { ok: true, uid: result.uid, counter: result.counter };
}

/**
 * What the database knows about a secure tag's chips: the pinned UID (null
 * until the owner enters one or the first verified tap pins it), the
 * high-water read counter of every chip ever accepted on the tag, and a
 * counter accepted before chips were tracked, which the first chip learned
 * must beat.
 */
export type ChipRecord = {
  pinnedUid: string | null;
  counters: ReadonlyMap<string, number>;
  unboundCounter: number | null;
};

/** A counter is fresh when it is strictly greater than the last one accepted for that chip (AN12196). */
export function isFreshCounter(counter: number, lastCounter: number | null): boolean {
  return lastCounter === null || counter > lastCounter;
}

/** The last accepted counter a chip's next link must beat; null when none. */
export function lastCounterOf(chips: ChipRecord, uid: string): number | null {
  const own = chips.counters.get(uid) ?? null;
  const floor = chips.pinnedUid === null || chips.pinnedUid === uid ? chips.unboundCounter : null;
  if (own === null) return floor;
  return floor === null ? own : Math.max(own, floor);
}

/**
 * What the database knows about the chip across every tag written with the
 * same keys: the one tag it is bound to (null after its owner reset the
 * binding) and its high-water read counter on any of them. Null: never
 * accepted with these keys.
 */
export type KeyedChip = { tagId: string | null; lastCounter: number } | null;

export type ChipVerdict = { ok: true; uid: string; counter: number } | { ok: false; reason: "wrong_chip" | "replayed" };

/**
 * Judges an authentic message against the tag's chips: another chip than the
 * pinned one is refused, and so is a chip bound to another tag that shares
 * these keys; with `fresh`, the counter must beat that chip's last accepted
 * one, on this tag and on every tag with these keys.
 */
export function judgeChip(
  verified: { uid: string; counter: number },
  tagId: string,
  chips: ChipRecord,
  keyed: KeyedChip,
  fresh: boolean,
): ChipVerdict {
  if (chips.pinnedUid !== null && chips.pinnedUid !== verified.uid) return { ok: false, reason: "wrong_chip" };
  if (keyed?.tagId != null && keyed.tagId !== tagId) return { ok: false, reason: "wrong_chip" };
  if (
    fresh &&
    !(
      isFreshCounter(verified.counter, lastCounterOf(chips, verified.uid)) &&
      isFreshCounter(verified.counter, keyed?.lastCounter ?? null)
    )
  )
    return { ok: false, reason: "replayed" };
  return { ok: true, uid: verified.uid, counter: verified.counter };
}

export type SunRefusal = "missing" | "not_verified" | "wrong_chip" | "replayed";
export type SunRejection = { httpStatus: 403 | 409; code: "tag_not_verified" | "tap_replayed"; message: Message };

/**
 * The HTTP status, code and message a rejected tap answers with. A missing
 * message and another chip's link are "not verified" like a forged one: only
 * the owner's log tells them apart.
 */
export function sunRejection(reason: SunRefusal): SunRejection {
  return reason === "replayed"
    ? { httpStatus: 409, code: "tap_replayed", message: TAP_REPLAYED_MESSAGE }
    : { httpStatus: 403, code: "tag_not_verified", message: TAG_NOT_VERIFIED_MESSAGE };
}

/** The URL templates to write onto a tag (NXP's placeholders in braces). */
export function secureTagUrlTemplates(origin: string, tagId: string) {
  const base = tagPublicUrl(origin, tagId);
  return {
    encrypted: `${base}&picc_data={PICCData}&cmac={CMAC}`,
    plain: `${base}&uid={UID}&ctr={SDMReadCtr}&cmac={CMAC}`,
  };
}
