// An endpoint as admins see it (webhooks.list, webhooks.update): never its secret.
export type EndpointRow = {
  id: string;
  url: string;
  eventTypes: string;
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  revision: number;
  previousSecretUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const parseEventTypes = (stored: string): string[] => JSON.parse(stored) as string[];

export function endpointView(row: EndpointRow, now: Date) {
  return {
    id: row.id,
    url: row.url,
    eventTypes: parseEventTypes(row.eventTypes),
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    revision: row.revision,
    previousSecretValidUntil:
      row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
