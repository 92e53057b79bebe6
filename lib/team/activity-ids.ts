// Writes of the team that no capability call makes (the person is not in the brand yet, or the
// time did it): their ids in the activity trail, and the titles activity.list shows for them.

/** An invitation accepted on its page (lib/invite/accept.ts). */
export const ACCEPT_ACTIVITY_ID = "team.invitation.accept";
/** An access that ended by itself at its accessUntil (lib/ops/access-sweep.ts). */
export const ACCESS_ENDED_ACTIVITY_ID = "team.access.ended";

export const TEAM_ACTIVITY_TITLES: Readonly<Record<string, string>> = {
  [ACCEPT_ACTIVITY_ID]: "Joined the team by invitation",
  [ACCESS_ENDED_ACTIVITY_ID]: "Time-boxed access ended",
};

/**
 * Writes the service makes by itself, at a time set before (no person did them then): their entries
 * keep no person, so nobody is shown active at that moment (team.list's last activity), and
 * activity.list names the service as who did them.
 */
export const SERVICE_ACTIVITY_IDS: readonly string[] = [ACCESS_ENDED_ACTIVITY_ID];
export const SERVICE_NAME = "The service";
