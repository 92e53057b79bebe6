// The three roles as people read them, for the invitation's e-mail, the accept page, Settings ›
// People and the team card alike. The value (viewer, member, admin) is what is sent and stored.
import type { Role } from "../contract/roles";

export const ROLE_WORDS: Record<Role, { name: string; article: string; can: string }> = {
  viewer: { name: "Viewer", article: "a viewer", can: "sees the brand: its kit, its files and its answers" },
  member: { name: "Member", article: "a member", can: "works on the brand: asks and answers, uploads files" },
  admin: { name: "Admin", article: "an admin", can: "runs the brand too: its kit, its team and its connections" },
};

/** "Viewer", "Member", "Admin"; an unknown value is shown as it is rather than hidden. */
export const roleName = (role: string): string => ROLE_WORDS[role as Role]?.name ?? role;
