// Why a link cannot be used, said to the person who opened it, with what they can do about it.
import type { InvitationProblem } from "@/lib/invite/accept";

export function problemWords(problem: InvitationProblem): { title: string; text: string } {
  switch (problem) {
    case "used":
      return {
        title: "This invitation was already used",
        text: "Each invitation link works once. If you accepted it, the brand is in your brand switcher; if not, ask the brand's admin for a new invitation.",
      };
    case "revoked":
      return {
        title: "This invitation was withdrawn",
        text: "An admin of the brand withdrew it, so the link no longer works. Ask them for a new invitation if you should still join.",
      };
    case "inviter_no_longer_admin":
      return {
        title: "This invitation no longer works",
        text: "The person who sent it is no longer an admin of the brand, so their invitations ended with their rights. Ask another admin of the brand to invite you again.",
      };
    case "expired":
      return {
        title: "This invitation has expired",
        text: "Invitation links work for 7 days (and never past the end of the access they give). Ask the brand's admin for a new one.",
      };
    default:
      return {
        title: "This invitation link is not valid",
        text: "The link may be cut short or mistyped: open it again from the message you received, or ask the brand's admin for a new invitation.",
      };
  }
}
