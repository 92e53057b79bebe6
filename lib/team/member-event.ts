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
