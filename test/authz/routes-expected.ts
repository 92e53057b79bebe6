// The authorization matrix of the routes outside the capability doors, as data: for each
// route (one case of it) and each caller, the outcome expected. Brand A is the brand of the viewer,
// the member and the admin; the outsider is an admin of another brand; staff belong to no brand
// and act as admins everywhere (docs/design.md, keys and roles); `apiKey` is the admin's API key presented where a
// session is expected (on the MCP door: another key of the admin's than the one that parked the
// call). Records named "the admin's" belong to the admin. An outcome is what routes-calls.ts reads
// off an answer: `<status> <code>`, `envelope <status>` for a tool envelope, `tool …` on the MCP
// door, `<status> page` / `303 sign-in` / `303 provider` for pages, plus what a row looks at.
export const CALLERS = ["anonymous", "viewer", "member", "admin", "outsider", "staff", "apiKey"] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcomes = Record<Caller, string>;

const NO_SESSION = { anonymous: "401 unauthenticated", apiKey: "401 unauthenticated" };
/** Every signed-in caller alike. */
const signedIn = (outcome: string) => ({
  viewer: outcome,
  member: outcome,
  admin: outcome,
  outsider: outcome,
  staff: outcome,
});
/** A record of the admin's: only the admin reaches it; anyone else is told it does not exist (no oracle). */
const adminsOwn = (admin: string, others = "404 not_found"): Outcomes => ({
  ...NO_SESSION,
  ...signedIn(others),
  admin,
});
/** Brand A: its members and staff get `inside`, the other brand's admin `outside` (403, the same as an unknown brand). */
const inBrand = (inside: string, outside = "403 forbidden"): Outcomes => ({
  ...NO_SESSION,
  ...signedIn(inside),
  outsider: outside,
});
/** A change of a record of the admin's, with the value the record holds after each caller's try. */
const adminChanges = (before: string, after: string): Outcomes => ({
  anonymous: `401 unauthenticated, ${before}`,
  apiKey: `401 unauthenticated, ${before}`,
  ...signedIn(`404 not_found, ${before}`),
  admin: `200, ${after}`,
});
const everyone = (outcome: string): Outcomes => ({ anonymous: outcome, apiKey: outcome, ...signedIn(outcome) });

export const EXPECTED = {
  // the slash palette lists what the person may call: a viewer's and a member's list has no admin write
  "assistant.capabilities of brand A": {
    ...inBrand("200 without admin tools"),
    admin: "200 with admin tools",
    staff: "200 with admin tools",
  },
  "assistant.run kit.read (viewer) in brand A": inBrand("envelope ok", "envelope error forbidden"),
  "assistant.run questions.ask (member) in brand A": {
    ...inBrand("envelope ok", "envelope error forbidden"),
    viewer: "envelope error forbidden",
  },
  "assistant.run kit.colors.add (admin, confirmed) in brand A": {
    ...inBrand("envelope awaiting_confirmation", "envelope error forbidden"),
    viewer: "envelope error forbidden",
    member: "envelope error forbidden",
  },
  "assistant.pending: cancel the admin's pending call": adminsOwn("envelope declined"),
  "conversations of brand A": inBrand("200"),
  "conversation: read the admin's": adminsOwn("200"),
  "conversation: rename the admin's": adminsOwn("200"),
  "conversation: delete the admin's": adminsOwn("200"),
  "chat in brand A": inBrand("200"),
  // a conversation id is the person's own: another person's id starts their own conversation
  "chat continuing the admin's conversation id": {
    ...inBrand("200, the admin's untouched"),
    admin: "200, the admin's continued",
  },
  // the registry does not keep Voice from viewers; their voice tools are their role's
  "voice.session in brand A": {
    ...inBrand("200 without admin tools"),
    admin: "200 with admin tools",
    staff: "200 with admin tools",
  },
  "voice.usage on the admin's live session": adminsOwn("200"),
  "voice.session.end of the admin's session": adminsOwn("200"),
  "voice.call kit_read in brand A": inBrand("envelope ok", "envelope error forbidden"),
  "voice.call kit_colors_add in brand A": {
    ...inBrand("envelope awaiting_confirmation", "envelope error forbidden"),
    viewer: "envelope error forbidden",
    member: "envelope error forbidden",
  },
  // the decision is read from the server's record, the person's own only: anyone else's is no decision
  "voice.turn told of the admin's pending call": { ...inBrand("422 invalid_input"), admin: "200" },
  // a realtime session's record: the person's own conversation only (another brand's person is refused the brand first)
  "voice.said into the admin's conversation": { ...adminsOwn("200"), outsider: "403 forbidden" },
  "voice.call kit_read into the admin's conversation": { ...adminsOwn("envelope ok"), outsider: "403 forbidden" },
  "settings: list my keys": { ...NO_SESSION, ...signedIn("200") },
  "settings: create a key limited to brand A": inBrand("200", "422 invalid_input"),
  "settings: revoke the admin's key": adminsOwn("200"),
  "settings: revoke the admin's connected app": adminsOwn("200"),
  // a key is made confirmed by its program, an app by its person: only the owner changes either
  "settings: make the admin's key wait for its person": adminChanges("caller", "person"),
  "settings: let the admin's connected app confirm": adminChanges("person", "caller"),
  // the consent answer grants only brands the person may give (staff: any, as for keys)
  "oauth consent: allow an app in brand A": inBrand("200"),
  "mcp confirmation_decide: cancel the admin key's handle": {
    anonymous: "http 401",
    apiKey: "tool error not_found",
    ...signedIn("tool error not_found"),
    admin: "tool declined",
  },
  // a pending call is decided only through the door and by the caller it was parked for
  "mcp confirmation_decide: the admin's chat pending call": {
    anonymous: "http 401",
    apiKey: "tool error not_found",
    ...signedIn("tool error not_found"),
  },
  "assistant.pending: the admin key's MCP Apps handle": { ...NO_SESSION, ...signedIn("404 not_found") },
  // a connection link is its asker's: anyone else's browser gets a page saying so
  "connections.start of the admin's link": {
    anonymous: "303 sign-in",
    apiKey: "303 sign-in",
    ...signedIn("403 page"),
    admin: "303 provider",
  },
  "connections.callback of the admin's link": {
    anonymous: "403 page",
    apiKey: "403 page",
    ...signedIn("403 page"),
    admin: "200 page",
  },
  // a signed URL is its own authority (docs/design.md, signed links): whoever holds it gets the bytes, until it expires
  "files.download by a signed URL": everyone("200"),
  "well-known: protected resource metadata": everyone("200"),
} satisfies Record<string, Outcomes>;

export type RowId = keyof typeof EXPECTED;
