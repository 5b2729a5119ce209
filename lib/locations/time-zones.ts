// The time zones a location's editor offers: every zone the runtime knows,
// UTC, and those already chosen (a zone the runtime has since renamed stays
// selectable rather than silently changed).

export function timeZoneChoices(current: readonly string[]): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  for (const zone of current) zones.add(zone);
  return [...zones].sort();
}
