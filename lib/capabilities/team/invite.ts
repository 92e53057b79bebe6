import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { invalidInput } from "../../contract/errors";
import { ROLES } from "../../contract/roles";
import { createInvitation } from "../../team/invitations";
import { mailConfigured, sendInvitationMail } from "../../team/mail";
import { timestamp } from "../schemas";
import { callerStanding } from "../../team/access-bounds";
import type { BrandContext } from "../../contract/context";
import { accessUntilField, futureTime, roleField, untilWords, withinOwnAccess } from "./shared/members";

const invitedEvent = z
  .object({
    invitationId: z.string().describe("The invitation's id"),
    email: z.string().describe("The invited e-mail address, lower-cased"),
    role: z.enum(ROLES).describe("The role the person will have"),
    accessUntil: z.string().nullable().describe("When their access will end (ISO 8601 UTC), or null"),
    expiresAt: z.string().describe("When the link stops working (ISO 8601 UTC)"),
  })
  .strict();

export const teamInvite = defineCapability({
  id: "team.invite",
  kind: "write",
  scope: "team.write",
  minRole: "admin",
  // a new person gets access to the brand: a person says yes first
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  // the link is the invitation: whoever holds it (signed in as that e-mail) joins
  shownOnce: ["inviteUrl"],
  title: "Invite a person",
  description:
    "Invites someone by e-mail to join the brand with a role (viewer, member or admin), optionally until a time " +
    "(accessUntil). The answer carries the invitation link, shown only this once: single use, bound to that e-mail, " +
    "valid 7 days; the person opens it, signs in or signs up as that e-mail, and joins. Someone already in the team " +
    'is 422 naming email with reason "already_member". An admin whose access ends invites nobody beyond it: a later ' +
    'accessUntil, or null (no end), is 403 forbidden with reason "beyond_own_access", and leaving it out gives their ' +
    "own end. The invitation lapses when the admin who made it is no longer one (made other than admin, removed, " +
    "access ended).",
  input: z
    .object({
      email: z
        .email()
        .max(320)
        .overwrite((email) => email.toLowerCase())
        .describe("The e-mail address of the person to invite"),
      role: roleField(),
      accessUntil: accessUntilField(),
    })
    .strict(),
  output: z
    .object({
      ok: z.literal(true),
      id: z.string().describe("The invitation's id (team.invitations.revoke takes it)"),
      inviteUrl: z.string().describe("The invitation link, shown only here: give it to the person"),
      expiresAt: timestamp().describe("The link stops working then"),
    })
    .strict(),
  touched: (_input, data) => ({ kind: "team", id: data.id }),
  // the invitation is removed (its link then opens as unknown); once accepted it changed since: refused
  undo: { records: (_ctx, _input, data) => (data ? [rowRef("teamInvitation", data.id)] : []) },
  events: {
    types: {
      "team.member.invited": {
        description: "A person was invited to the brand's team (the link is not part of the event)",
        data: invitedEvent,
      },
      "team.member.joined": {
        description: "A person accepted an invitation and joined the brand's team",
        data: z
          .object({
            userId: z.string(),
            name: z.string(),
            role: z.enum(ROLES),
            accessUntil: z.string().nullable(),
            invitationId: z.string().describe("The invitation they accepted"),
          })
          .strict(),
        when: "when the invited person accepted the invitation (its page), in the same transaction as their joining",
      },
    },
    // the end as stored: the caller's own when the input left it out
    emit: async (ctx, input, data) => {
      const invitation = await ctx.db.teamInvitation.findUniqueOrThrow({ where: { id: data.id } });
      return {
        type: "team.member.invited",
        data: {
          invitationId: data.id,
          email: input.email,
          role: input.role,
          accessUntil: invitation.accessUntil?.toISOString() ?? null,
          expiresAt: data.expiresAt,
        },
      };
    },
  },
  summarize: async (ctx, input) =>
    `Invite ${input.email} to ${ctx.brand.name} as ${input.role}${untilWords(await invitedUntil(ctx, input))}.`,
  async check(ctx, input) {
    const accessUntil = await invitedUntil(ctx, input);
    await withinOwnAccess(ctx, { before: null, after: { role: input.role, accessUntil } });
    const member = await ctx.db.membership.findFirst({
      where: { brandId: ctx.brand.id, user: { email: input.email } },
      select: { userId: true },
    });
    if (member) {
      throw invalidInput("email", `${input.email} is already in the team of ${ctx.brand.name}`, {
        reason: "already_member",
      });
    }
  },
  async execute(ctx, input) {
    const accessUntil = await invitedUntil(ctx, input);
    const invitation = await createInvitation(ctx.db, {
      brandId: ctx.brand.id,
      email: input.email,
      role: input.role,
      accessUntil,
      createdById: ctx.actor.userId,
      now: ctx.now,
    });
    // the live link, once the invitation committed: the message is its only other copy (mail.ts)
    if (mailConfigured()) {
      const mail = {
        to: input.email,
        brandName: ctx.brand.name,
        role: input.role,
        invitedBy: ctx.actor.name,
        url: invitation.inviteUrl,
        expiresAt: invitation.expiresAt,
        accessUntil,
      };
      ctx.afterCommit(async () => void (await sendInvitationMail(mail)));
    }
    return {
      ok: true as const,
      id: invitation.id,
      inviteUrl: invitation.inviteUrl,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  },
});

/**
 * The end of access the invitation gives: the one asked for (null: no end), or, left out, the
 * inviter's own, so an admin whose access ends invites nobody past it by omission.
 */
async function invitedUntil(ctx: BrandContext, input: { accessUntil?: string | null }): Promise<Date | null> {
  if (input.accessUntil !== undefined) return futureTime(ctx, input.accessUntil) ?? null;
  return (await callerStanding(ctx.db, ctx.brand.id, ctx.actor))?.accessUntil ?? null;
}
