/**
 * A reward at the counter (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // RewardOwnerActions.
  "rewards.reward",
  // CounterLocation, the counter's location picker.
  "workLocations.counter",
] as const;
