// The control group's share of a campaign's recipients (docs/campaigns.md,
// "The extra visits it caused"). Pure data, apart from the draw in
// holdout.ts, which needs node:crypto: the composer and the automation form
// import these in the browser.

export const DEFAULT_HOLDOUT_PERCENT = 10;
export const MAX_HOLDOUT_PERCENT = 50;
