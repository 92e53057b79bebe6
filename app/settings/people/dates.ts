// Dates as the person reads them, in their own time zone (the panel renders in the browser only).
export const dayInWords = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** A date field's value (YYYY-MM-DD) as the end of that day here, in ISO 8601; "" is no end. */
export const endOfDay = (day: string): string | null => (day ? new Date(`${day}T23:59:59`).toISOString() : null);

/** The date field's value for an end of access, in the person's time zone; "" for none. */
export function dayOf(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Tomorrow, the earliest end a date field offers (an end in the past is refused). */
export function tomorrow(): string {
  const date = new Date(Date.now() + 86_400_000);
  return dayOf(date.toISOString());
}
