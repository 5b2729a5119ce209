// The control group (docs/campaigns.md, "The extra visits it caused"): whether
// a customer is held out of a campaign is drawn from the campaign's seed and
// the customer's id, so the draw is random across customers, the same every
// time it is asked, and recorded on the recipient's row when it is made. The
// database draws with the same rule (holdoutPart) when a campaign's recipients
// are written in one statement; tests hold the two to each other.
import { createHash } from "node:crypto";

/** A number in 0..9999 from the seed and the customer: the first 32 bits of md5, modulo 10000. */
export function holdoutDraw(seed: string, userId: string): number {
  const first = createHash("md5").update(`${seed}:${userId}`).digest().readUInt32BE(0);
  return first % 10_000;
}

/** Held out when the draw falls in the first `percent` hundredths. */
export function isHeldOut(seed: string, userId: string, percent: number): boolean {
  return holdoutDraw(seed, userId) < percent * 100;
}
