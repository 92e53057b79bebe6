// Every route a signed-in person calls from this service's pages (lib/auth/person-route.ts), with
// a request each would accept but for the refusal under test: the routes' refusals table
// (routes-refusals.test.ts) sends each one cross-site, unsigned and with a body that is not JSON.
export type PersonRoute = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  /** a body of the route's own shape; absent, the route reads none */
  body?: Record<string, unknown>;
  /** the settings and consent pages and the confirm decisions: the Origin must be sent, and be this service's */
  pageOnly?: boolean;
  /** what a body that is not JSON gets, when something is refused before the body is read */
  notJson?: string;
};

const id = "00000000-0000-4000-8000-000000000000";

export const PERSON_ROUTES: PersonRoute[] = [
  { method: "GET", path: "/api/assistant/capabilities?brand=NOPE" },
  { method: "POST", path: "/api/assistant/run", body: { capabilityId: "kit.read", brand: "NOPE", input: {} } },
  // a decision runs a write: only from this service's own pages, as the settings' changes
  { method: "POST", path: `/api/assistant/pending/${id}`, body: { decision: "cancel" }, pageOnly: true },
  { method: "POST", path: `/api/confirm/${id}`, body: { decision: "cancel" }, pageOnly: true },
  { method: "GET", path: "/api/waiting" },
  { method: "GET", path: "/api/waiting/count" },
  { method: "POST", path: "/api/chat", body: { brand: "NOPE", messages: [{ role: "user", parts: [] }] } },
  { method: "GET", path: "/api/conversations?brand=NOPE" },
  { method: "GET", path: `/api/conversations/${id}` },
  { method: "PATCH", path: `/api/conversations/${id}`, body: { title: "Renamed" } },
  { method: "DELETE", path: `/api/conversations/${id}` },
  { method: "POST", path: "/api/voice/session", body: { brand: "NOPE" } },
  { method: "POST", path: "/api/voice/session/end", body: { session: "vs_x" } },
  // Voice off on the suite's server: a usage report is refused before its body is read
  {
    method: "POST",
    path: "/api/voice/usage",
    body: { session: "vs_x", responseId: "r", usage: {} },
    notJson: "503 unavailable",
  },
  { method: "POST", path: "/api/voice/call", body: { brand: "NOPE", name: "kit_read", arguments: {} } },
  { method: "POST", path: "/api/voice/said", body: { brand: "NOPE", conversation: "c", role: "user", text: "Hi" } },
  { method: "POST", path: "/api/voice/turn", body: { brand: "NOPE", decided: "x" } },
  { method: "GET", path: "/api/settings/keys" },
  { method: "POST", path: "/api/settings/keys", body: { scopes: ["kit.read"] }, pageOnly: true },
  { method: "DELETE", path: `/api/settings/keys/${id}`, pageOnly: true },
  { method: "PATCH", path: `/api/settings/keys/${id}`, body: { confirmBy: "person" }, pageOnly: true },
  { method: "DELETE", path: `/api/settings/apps/${id}`, pageOnly: true },
  { method: "PATCH", path: `/api/settings/apps/${id}`, body: { confirmBy: "caller" }, pageOnly: true },
  { method: "POST", path: "/api/oauth/consent", body: { oauthQuery: "x=1", accept: false }, pageOnly: true },
];
