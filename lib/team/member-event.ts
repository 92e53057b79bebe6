// What the team's events say about a person in a brand (team.member.* data), built in one place so
// every event, and the sweeper's, publishes the same shape.
import { z } from "zod";
import { ROLES, type Role } from "../contract/roles";

export const memberEventData = z
  .object({
    userId: z.string().describe("The person's id"),
    name: z.string().describe("The person's name"),
    role: z.enum(ROLES).describe("Their role in the brand: viewer, member or admin"),
    accessUntil: z.string().nullable().describe("When their access ends (ISO 8601 UTC), or null: no end"),
  })
  .strict();

export type MemberEventData = z.output<typeof memberEventData>;

export function memberData(
  person: { id: string; name: string },
  membership: { role: string; accessUntil: Date | null },
): MemberEventData {
  return {
    userId: person.id,
    name: person.name,
    role: membership.role as Role,
    accessUntil: membership.accessUntil ? membership.accessUntil.toISOString() : null,
  };
}

/**
 * team.member.role_changed: the member as they are now, and what they had before, so a promotion, a
 * demotion or a moved end reads as one without keeping state.
 */
export const roleChangedData = memberEventData
  .extend({
    previous: z
      .object({
        role: z.enum(ROLES).describe("Their role before this change"),
        accessUntil: z.string().nullable().describe("When their access was to end before this change, or null"),
      })
      .strict()
      .describe("The role and end of access they had before this change"),
  })
  .strict();

/** The membership row as it was before the write (the pipeline's snapshot), in the event's words. */
export function previousMembership(row: { role?: unknown; accessUntil?: unknown }): {
  role: Role;
  accessUntil: string | null;
} {
  const until = row.accessUntil;
  return {
    role: row.role as Role,
    accessUntil:
      until instanceof Date ? until.toISOString() : until == null ? null : new Date(String(until)).toISOString(),
  };
}
