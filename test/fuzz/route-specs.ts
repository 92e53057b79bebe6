// The JSON routes a signed-in person's pages call, outside the capability doors, as the fuzzer sees
// them: method, path (with its parameters), query and body as JSON Schema, written from each route's
// documented input (its header comment and schema) rather than imported, so a route that drifts from
// what it says is caught. Values named in `hints` are mixed in: records that exist, the person's and
// another person's, under the name of the field or path parameter they fill (a route's own hints).
import type { Json } from "./arbitraries";

export type RouteSpec = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** with `{param}` placeholders, each fuzzed under its own hint name */
  path: string;
  params?: Record<string, Json>;
  query?: Json;
  body?: Json;
  /** what a 405 of this path says it allows */
  allow: string;
};

const text = (maxLength: number, minLength = 1): Json => ({ type: "string", minLength, maxLength });
const object = (properties: Record<string, Json>, required: string[] = []): Json => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const brand = text(100);
const uiMessage = object(
  {
    id: text(40),
    role: { enum: ["user", "assistant", "system"] },
    parts: {
      type: "array",
      minItems: 1,
      maxItems: 3,
      items: object({ type: { enum: ["text", "step-start", "reasoning"] }, text: text(300, 0) }, ["type", "text"]),
    },
  },
  ["id", "role", "parts"],
);
const count = { type: "integer", minimum: 0, maximum: 10_000_000 };

export const ROUTES: Record<string, RouteSpec> = {
  chat: {
    method: "POST",
    path: "/api/chat",
    allow: "POST",
    body: object(
      {
        id: { type: "string", maxLength: 200 },
        brand,
        messages: { type: "array", minItems: 1, maxItems: 3, items: uiMessage },
        trigger: { enum: ["submit-message", "regenerate-message"] },
      },
      ["brand", "messages"],
    ),
  },
  "assistant.run": {
    method: "POST",
    path: "/api/assistant/run",
    allow: "POST",
    body: object(
      {
        capabilityId: text(100),
        brand,
        input: { type: "object" },
        conversationId: text(200),
        messageId: text(100),
        // an action taken in a card: the card's key and the widget its step opens
        from: { type: "string", pattern: "^[A-Za-z0-9_.:-]{1,100}$" },
        widget: {
          enum: ["choice", "carousel", "palette", "confirm", "record", "list", "review", "file_request", "action_link"],
        },
      },
      ["capabilityId"],
    ),
  },
  "assistant.pending": {
    method: "POST",
    path: "/api/assistant/pending/{pendingId}",
    allow: "POST",
    params: { pendingId: text(64) },
    body: object({ decision: { enum: ["confirm", "cancel"] } }, ["decision"]),
  },
  "assistant.capabilities": {
    method: "GET",
    path: "/api/assistant/capabilities",
    allow: "GET",
    query: object({ brand }, ["brand"]),
  },
  "conversations.list": {
    method: "GET",
    path: "/api/conversations",
    allow: "GET",
    query: object({ brand, cursor: text(200) }, ["brand"]),
  },
  "conversation.read": {
    method: "GET",
    path: "/api/conversations/{conversationId}",
    allow: "GET, PATCH, DELETE",
    params: { conversationId: text(100) },
    query: object({ before: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } }),
  },
  "conversation.rename": {
    method: "PATCH",
    path: "/api/conversations/{conversationId}",
    allow: "GET, PATCH, DELETE",
    params: { conversationId: text(100) },
    body: object({ title: text(200) }, ["title"]),
  },
  "conversation.delete": {
    method: "DELETE",
    path: "/api/conversations/{conversationId}",
    allow: "GET, PATCH, DELETE",
    params: { conversationId: text(100) },
  },
  "voice.session": {
    method: "POST",
    path: "/api/voice/session",
    allow: "POST",
    body: object({ brand, conversation: text(100) }, ["brand"]),
  },
  "voice.session.end": {
    method: "POST",
    path: "/api/voice/session/end",
    allow: "POST",
    body: object({ session: text(100) }, ["session"]),
  },
  "voice.usage": {
    method: "POST",
    path: "/api/voice/usage",
    allow: "POST",
    body: object(
      {
        session: text(100),
        responseId: text(200),
        usage: { type: "object", properties: { total_tokens: count, input_tokens: count, output_tokens: count } },
      },
      ["session", "responseId", "usage"],
    ),
  },
  "voice.turn": {
    method: "POST",
    path: "/api/voice/turn",
    allow: "POST",
    body: object(
      {
        brand,
        audio: text(4000),
        decided: text(64),
        conversation: text(100),
        history: {
          type: "array",
          maxItems: 4,
          items: object({ role: { enum: ["user", "assistant"] }, text: text(4000, 0) }, ["role", "text"]),
        },
      },
      ["brand"],
    ),
  },
  "voice.call": {
    method: "POST",
    path: "/api/voice/call",
    allow: "POST",
    body: object(
      {
        brand,
        name: text(100),
        arguments: { anyOf: [text(2000, 0), { type: "object" }] },
        callId: text(200),
        conversation: text(100),
        messageId: text(100),
      },
      ["brand", "name", "arguments"],
    ),
  },
  "voice.said": {
    method: "POST",
    path: "/api/voice/said",
    allow: "POST",
    body: object(
      {
        brand,
        conversation: text(100),
        role: { enum: ["user", "assistant"] },
        text: text(4100, 0),
        messageId: text(100),
      },
      ["brand", "conversation", "role", "text"],
    ),
  },
  "settings.keys.list": { method: "GET", path: "/api/settings/keys", allow: "GET, POST" },
  "settings.keys.create": {
    method: "POST",
    path: "/api/settings/keys",
    allow: "GET, POST",
    body: object(
      {
        name: text(100, 0),
        scopes: {
          type: "array",
          minItems: 1,
          maxItems: 3,
          items: { enum: ["all", "kit.read", "brand.write", "library.read"] },
        },
        brands: { type: "array", maxItems: 3, items: brand },
        expiresAt: { type: "string", format: "date-time" },
        confirmBy: { enum: ["caller", "person"] },
      },
      ["scopes"],
    ),
  },
  // each change before its revocation: a revoked app is gone, and a change of it could only answer unknown
  "settings.keys.confirmBy": {
    method: "PATCH",
    path: "/api/settings/keys/{keyId}",
    allow: "PATCH, DELETE",
    params: { keyId: text(100) },
    body: object({ confirmBy: { enum: ["caller", "person"] } }, ["confirmBy"]),
  },
  "settings.keys.revoke": {
    method: "DELETE",
    path: "/api/settings/keys/{keyId}",
    allow: "PATCH, DELETE",
    params: { keyId: text(100) },
  },
  "settings.apps.confirmBy": {
    method: "PATCH",
    path: "/api/settings/apps/{grantId}",
    allow: "PATCH, DELETE",
    params: { grantId: text(100) },
    body: object({ confirmBy: { enum: ["caller", "person"] } }, ["confirmBy"]),
  },
  "settings.apps.revoke": {
    method: "DELETE",
    path: "/api/settings/apps/{grantId}",
    allow: "PATCH, DELETE",
    params: { grantId: text(100) },
  },
};
