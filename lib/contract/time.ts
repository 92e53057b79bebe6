/** Timestamps leave the service as ISO 8601 UTC with milliseconds (docs/design.md, calls). */
export function iso(date: Date): string {
  return date.toISOString();
}

export function isoOrNull(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
