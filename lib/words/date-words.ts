// Dates as people read them, on every page, card, e-mail and refusal alike: the house's one format.

/** "28 November 2026, 14:05 UTC": a date a person reads the same wherever the server runs. */
export function dateInWords(value: Date | string, withTime = true): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const day = date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  if (!withTime) return day;
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}
