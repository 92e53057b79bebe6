// The OpenAPI document's examples, as one walk through a fresh demo brand (lib/contract/demo-brand.ts):
// each call runs after the ones before it, so a later call may name what an earlier one handed
// out (an uploadId, a contact's id, a confirmation token). The answers are recorded.json, written
// by `npm run examples:record` and checked against a live run by test/api/openapi-examples.test.ts.
import { DEMO_BRAND as brand, DEMO_IDS } from "../../contract/demo-brand";

export type ExampleCall = {
  /** unique across the walk; the example's key in the document */
  name: string;
  capability: string;
  summary: string;
  request: Record<string, unknown>;
  /** before this call, PUT the example file's bytes to the uploadUrl the walk was last given */
  uploadBytesFirst?: true;
  /** made with a key whose writes wait for its person (confirmBy "person"): no token, a confirmation to decide */
  waitsForPerson?: true;
};

/** The bytes the upload example sends: a 1×1 PNG. */
export const EXAMPLE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Values the walk is handed out at run time appear in requests as the recorded answer showed them. */
const handedOut = (name: string) => `{{${name}}}`;

const confirmed = (
  name: string,
  capability: string,
  summary: string,
  request: Record<string, unknown>,
): ExampleCall[] => [
  { name, capability, summary: `${summary}: the first call answers 409 with what will change and a token`, request },
  {
    name: `${name}Confirmed`,
    capability,
    summary: `${summary}: the same call with the token runs it`,
    request: { ...request, confirmationToken: handedOut(`${name}.error.confirmationToken`) },
  },
];

export const EXAMPLE_WALK: ExampleCall[] = [
  { name: "myBrands", capability: "brands.list", summary: "The brands this key can act in", request: {} },
  { name: "overview", capability: "brand.overview", summary: "The demo brand at a glance", request: { brand } },
  { name: "soul", capability: "brand.soul.read", summary: "Its reviewed voice and guardrails", request: { brand } },
  {
    name: "checkPost",
    capability: "brand.check",
    summary: "Is this post on brand? The voice's words, the brand's name and X's length, checked",
    request: { brand, text: "Our artisanal beans, roasted this week by our growers.", channel: "x" },
  },
  { name: "wholeKit", capability: "kit.read", summary: "The whole kit", request: { brand } },
  {
    name: "colorsOnly",
    capability: "kit.read",
    summary: "Only the colours, with their contrast",
    request: { brand, parts: ["colors"] },
  },
  {
    name: "openQuestions",
    capability: "questions.list",
    summary: "Open and deferred questions, each with its status (and when a deferred one was put off)",
    request: { brand },
  },
  {
    name: "askMission",
    capability: "questions.ask",
    summary: "Ask the brand's people one question",
    request: {
      brand,
      questions: [
        {
          key: "brand.mission",
          question: "In one sentence, why does Northwind Coffee exist?",
          options: [],
          scope: "genome",
        },
      ],
    },
  },
  {
    name: "answerTagline",
    capability: "questions.answer",
    summary: "Answer the tagline question (a retry with the same key replays this answer)",
    request: {
      brand,
      questionId: DEMO_IDS.questions.tagline,
      expectedRevision: 1,
      action: "answer",
      answer: "Roasted this week",
      idempotencyKey: "tagline-answer-1",
    },
  },
  {
    name: "deferLogo",
    capability: "questions.answer",
    summary: "Defer a question for later",
    request: {
      brand,
      questionId: DEMO_IDS.questions.darkLogo,
      expectedRevision: 1,
      action: "defer",
      idempotencyKey: "dark-logo-defer-1",
    },
  },
  {
    name: "memory",
    capability: "memory.list",
    summary: "The brand's memory, newest first (the tagline's answer is in it, with its question's id)",
    request: { brand },
  },
  {
    name: "proposeMemory",
    capability: "memory.propose",
    summary: "Propose a declaration: it stays pending until an admin accepts or rejects it",
    request: { brand, subject: "brand.roast_day", statement: "We roast on Mondays and ship on Tuesdays." },
  },
  ...confirmed("acceptMemory", "memory.review", "Accept the proposal into the brand's memory", {
    brand,
    declarationId: handedOut("proposeMemory.data.id"),
    decision: "accept",
  }),
  ...confirmed("moveCity", "brand.profile.update", "Change the brand's city", {
    brand,
    expectedRevision: handedOut("overview.data.revision"),
    city: "Villeurbanne",
  }),
  ...confirmed(
    "agentsAskTheirPerson",
    "brand.policy.update",
    "Make every write of an agent signed in with OAuth wait for its person's Confirm in the app",
    { brand, agentsConfirmBy: "person" },
  ),
  {
    name: "waitForPerson",
    capability: "kit.colors.add",
    summary:
      "With a key that confirms by person: the write waits for its person, and the 409 says where they decide (no token)",
    request: { brand, name: "Harbour", hex: "#1D3557", role: "accent" },
    waitsForPerson: true,
  },
  {
    name: "confirmationOutcome",
    capability: "confirmations.get",
    summary:
      "What became of a write waiting for its person: still waiting, until they confirm or decline it in the app",
    request: { brand, confirmationId: handedOut("waitForPerson.error.confirmation.id") },
    waitsForPerson: true,
  },
  {
    name: "genome",
    capability: "genome.read",
    summary: "The entries the voice is built from, with their status and source, and the genome revision",
    request: { brand },
  },
  {
    name: "proposeGuardrail",
    capability: "genome.entries.propose",
    summary: "Propose a guardrail: it stays out of the voice until an admin approves it",
    request: {
      brand,
      entries: [{ kind: "guardrail", value: "Never promise delivery dates." }],
      note: "Customers asked us twice",
    },
  },
  ...confirmed("approveGuardrail", "genome.entries.review", "Approve it: the voice gains the guardrail", {
    brand,
    entryId: handedOut("proposeGuardrail.data.ids.0"),
    decision: "approve",
    expectedRevision: handedOut("genome.data.revision"),
  }),
  ...confirmed("addInstagram", "brand.contacts.save", "Add an Instagram channel", {
    brand,
    op: "upsert",
    type: "instagram",
    value: "@northwindcoffee",
    label: "Main",
  }),
  { name: "channels", capability: "brand.contacts.list", summary: "The brand's contact channels", request: { brand } },
  ...confirmed("removeInstagram", "brand.contacts.save", "Remove that channel", {
    brand,
    op: "delete",
    id: handedOut("addInstagramConfirmed.data.id"),
  }),
  ...confirmed("addSky", "kit.colors.add", "Add a colour (any HEX form; stored as #RRGGBB)", {
    brand,
    name: "Sky",
    hex: "8ecae6",
    role: "accent",
  }),
  ...confirmed("renameSky", "kit.colors.update", "Rename a colour (its id from kit.read); change only what you name", {
    brand,
    id: handedOut("addSkyConfirmed.data.id"),
    name: "Sky blue",
  }),
  ...confirmed("colorRules", "kit.instructions.update", "Replace the colour usage text", {
    brand,
    section: "colors",
    text: "Espresso on Crema for text; Leaf or Sky only for calls to action.",
  }),
  ...confirmed("removeSky", "kit.colors.remove", "Remove a colour from the kit", {
    brand,
    id: handedOut("addSkyConfirmed.data.id"),
  }),
  ...confirmed("addTypeface", "kit.typography.save", "Add a typeface (with an id from kit.read: change it)", {
    brand,
    family: "DM Mono",
    role: "code",
    weights: ["400", "500 italic"],
  }),
  ...confirmed("removeTypeface", "kit.typography.remove", "Remove a typeface from the kit", {
    brand,
    id: handedOut("addTypefaceConfirmed.data.id"),
  }),
  // before the walk uploads a logo of its own: the answer is a fresh demo brand's (its seeded logo)
  {
    name: "logos",
    capability: "library.search",
    summary: "Search the library by type",
    request: { brand, type: "logo" },
  },
  {
    name: "startUpload",
    capability: "library.upload.create",
    summary: "1. Start an upload: a signed URL for one PUT of the bytes",
    request: {
      brand,
      step: "start",
      fileName: "logo-dark.png",
      mimeType: "image/png",
      sizeBytes: EXAMPLE_PNG.length,
      category: "logo",
    },
  },
  {
    name: "completeUpload",
    capability: "library.upload.create",
    summary: "2. After the PUT, register the file (status proposed)",
    request: {
      brand,
      step: "complete",
      uploadId: handedOut("startUpload.data.uploadId"),
      name: "Logo, dark backgrounds",
    },
    uploadBytesFirst: true,
  },
  ...confirmed("approveLogo", "library.asset.review", "Approve the file for agents and publishing", {
    brand,
    assetId: handedOut("completeUpload.data.assetId"),
    decision: "approve",
    note: "Checked on dark backgrounds",
  }),
  ...confirmed("kitLogo", "kit.logos.save", "Make the approved file the kit's primary logo (again: change it)", {
    brand,
    assetId: handedOut("completeUpload.data.assetId"),
    name: "Logo for dark backgrounds",
    form: "horizontal",
    theme: "dark",
    primary: true,
  }),
  ...confirmed("dropKitLogo", "kit.logos.remove", "Take the logo out of the kit (the file stays in the library)", {
    brand,
    assetId: handedOut("completeUpload.data.assetId"),
  }),
  {
    name: "byName",
    capability: "library.search",
    summary: "Search by words of the name",
    request: { brand, query: "dark", limit: 10 },
  },
  {
    name: "logoDetails",
    capability: "library.asset.get",
    summary: "A file's details and a download URL valid one hour",
    request: { brand, assetId: handedOut("completeUpload.data.assetId") },
  },
  {
    name: "connectLinkedIn",
    capability: "connections.connect",
    summary: "A link for the key's owner to connect LinkedIn (on a server with a LinkedIn OAuth client)",
    request: { brand, provider: "linkedin" },
  },
  {
    name: "connections",
    capability: "connections.list",
    summary: "Connections and the providers that can be connected",
    request: { brand },
  },
  ...confirmed(
    "dropLinkedIn",
    "connections.disconnect",
    "Disconnect (here: the connection still waiting for consent)",
    { brand, connectionId: handedOut("connections.data.items.0.id") },
  ),
  {
    name: "recentActivity",
    capability: "activity.list",
    summary: "What was done, newest first",
    request: { brand, limit: 3 },
  },
  {
    name: "skyRemoval",
    capability: "activity.list",
    summary: "Find an earlier write (here: the colour's removal); undo.available says whether it can be undone",
    request: { brand, capabilityId: "kit.colors.remove", limit: 1 },
  },
  ...confirmed("undoSkyRemoval", "activity.undo", "Undo it: the colour comes back with its id", {
    brand,
    activityId: handedOut("skyRemoval.data.items.0.id"),
  }),
  {
    // a month named, so the recorded answer holds on any day the walk runs
    name: "aiBudgetByPerson",
    capability: "budget.usage",
    summary: "Who spent what of the brand's AI tokens in a month",
    request: { brand, month: "2026-11" },
  },
  {
    name: "colorEvents",
    capability: "events.list",
    summary: "Catch up on events of one type, oldest first",
    request: { brand, types: ["kit.color.added"], limit: 5 },
  },
  // a loopback receiver: the walk runs without network (WEBHOOKS_ALLOW_LOOPBACK=1 where it is recorded
  // and tested); a real one is an https:// URL on a public address. The endpoint is disabled before
  // anything is queued for it, so its log reads the same on every run: nothing is ever sent.
  ...confirmed(
    "addWebhook",
    "webhooks.create",
    "Send colour and answer events to a receiver (the secret is shown only here)",
    {
      brand,
      url: "https://127.0.0.1:8443/brand-events",
      eventTypes: ["kit.color.added", "question.answered"],
      description: "CRM sync",
    },
  ),
  {
    name: "webhooks",
    capability: "webhooks.list",
    summary: "The brand's webhook endpoints, never their secrets",
    request: { brand },
  },
  ...confirmed("pauseWebhook", "webhooks.update", "Subscribe to every event and pause deliveries", {
    brand,
    id: handedOut("addWebhookConfirmed.data.id"),
    eventTypes: ["*"],
    enabled: false,
    expectedRevision: 1,
  }),
  {
    name: "testWebhook",
    capability: "webhooks.test",
    summary: "Queue a webhook.test event for the endpoint (sent once it is enabled)",
    request: { brand, id: handedOut("addWebhookConfirmed.data.id") },
  },
  {
    name: "webhookLog",
    capability: "webhooks.deliveries.list",
    summary: "The endpoint's deliveries, newest first, with their attempts",
    request: { brand, id: handedOut("addWebhookConfirmed.data.id") },
  },
  {
    name: "resendDelivery",
    capability: "webhooks.deliveries.resend",
    summary: "Send a delivery again (same event, same webhook-id)",
    request: {
      brand,
      id: handedOut("addWebhookConfirmed.data.id"),
      deliveryId: handedOut("webhookLog.data.items.0.id"),
    },
  },
  ...confirmed(
    "rotateSecret",
    "webhooks.secret.rotate",
    "A new signing secret; the previous one signs too for 24 hours",
    { brand, id: handedOut("addWebhookConfirmed.data.id") },
  ),
  ...confirmed("removeWebhook", "webhooks.delete", "Remove the endpoint and what it was still owed", {
    brand,
    id: handedOut("addWebhookConfirmed.data.id"),
  }),
  {
    name: "team",
    capability: "team.list",
    summary: "The brand's people; for admins also their e-mails and the invitations still waiting",
    request: { brand },
  },
  ...confirmed("inviteAgency", "team.invite", "Invite an agency's designer as a member until the end of March", {
    brand,
    email: "mira@agency.example",
    role: "member",
    accessUntil: "2030-03-31T18:00:00+02:00",
  }),
  {
    name: "revokeInvitation",
    capability: "team.invitations.revoke",
    summary: "Take the invitation back: its link stops working",
    request: { brand, id: handedOut("inviteAgencyConfirmed.data.id") },
  },
  // the team's second person (the list's oldest first: Ada, then Vic)
  ...confirmed("promoteViewer", "team.role.update", "Make Vic a member until the end of the year", {
    brand,
    userId: handedOut("team.data.items.1.userId"),
    role: "member",
    accessUntil: "2030-12-31T18:00:00+01:00",
  }),
  ...confirmed("removeMember", "team.remove", "Take Vic out of the team: every door refuses their next call", {
    brand,
    userId: handedOut("team.data.items.1.userId"),
  }),
];
