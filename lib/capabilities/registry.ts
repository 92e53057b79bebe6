// The registry: every capability, defined once. Doors and the pipeline read it as data; the UI reads
// its type map (CapabilityMap), as a tRPC client reads its router's type.
import type { z } from "zod";
import type { Capability } from "../contract/define";
import { brandsList } from "./account/brands-list";
import { brandOverview } from "./brand/overview";
import { brandSoulRead } from "./brand/soul-read";
import { brandProfileUpdate } from "./brand/profile-update";
import { brandContactsList } from "./brand/contacts-list";
import { brandContactsSave } from "./brand/contacts-save";
import { questionsList } from "./questions/list";
import { questionsAsk } from "./questions/ask";
import { questionsAnswer } from "./questions/answer";
import { librarySearch } from "./library/search";
import { libraryAssetGet } from "./library/asset-get";
import { libraryAssetReview } from "./library/asset-review";
import { libraryUploadCreate } from "./library/upload-create";
import { connectionsList } from "./connections/list";
import { connectionsConnect } from "./connections/connect";
import { connectionsDisconnect } from "./connections/disconnect";
import { kitRead } from "./kit/read";
import { kitColorsAdd } from "./kit/colors-add";
import { kitInstructionsUpdate } from "./kit/instructions-update";
import { kitColorsUpdate } from "./kit/colors-update";
import { kitColorsRemove } from "./kit/colors-remove";
import { kitTypographySave } from "./kit/typography-save";
import { kitTypographyRemove } from "./kit/typography-remove";
import { kitLogosSave } from "./kit/logos-save";
import { kitLogosRemove } from "./kit/logos-remove";
import { activityList } from "./activity/list";
import { activityUndo } from "./activity/undo";
import { eventsList } from "./events/list";
import { webhooksList } from "./webhooks/list";
import { webhooksCreate } from "./webhooks/create";
import { webhooksUpdate } from "./webhooks/update";
import { webhooksDelete } from "./webhooks/delete";
import { webhooksSecretRotate } from "./webhooks/secret-rotate";
import { webhooksDeliveriesList } from "./webhooks/deliveries-list";
import { webhooksDeliveriesResend } from "./webhooks/deliveries-resend";
import { webhooksTest } from "./webhooks/test-event";
import { budgetUsage } from "./budget/usage";
import { memoryList } from "./memory/list";
import { memoryPropose } from "./memory/propose";
import { memoryReview } from "./memory/review";
import { brandCheck } from "./check/check";
import { genomeRead } from "./genome/read";
import { genomeEntriesPropose } from "./genome/entries-propose";
import { genomeEntriesReview } from "./genome/entries-review";
import { teamList } from "./team/list";
import { teamInvite } from "./team/invite";
import { teamInvitationsRevoke } from "./team/invitations-revoke";
import { teamRoleUpdate } from "./team/role-update";
import { teamRemove } from "./team/remove";
import { brandPolicyUpdate } from "./brand/policy-update";
import { confirmationsGet } from "./confirmations/get";

export const capabilities = [
  brandsList,
  questionsList,
  questionsAsk,
  questionsAnswer,
  brandOverview,
  brandSoulRead,
  brandProfileUpdate,
  brandContactsList,
  brandContactsSave,
  librarySearch,
  libraryAssetGet,
  libraryAssetReview,
  libraryUploadCreate,
  connectionsList,
  connectionsConnect,
  connectionsDisconnect,
  kitRead,
  kitColorsAdd,
  kitInstructionsUpdate,
  // added after the specification's table (versioning rule 2: additive)
  activityList,
  activityUndo,
  eventsList,
  webhooksList,
  webhooksCreate,
  webhooksUpdate,
  webhooksDelete,
  webhooksSecretRotate,
  webhooksDeliveriesList,
  webhooksDeliveriesResend,
  webhooksTest,
  budgetUsage,
  kitColorsUpdate,
  kitColorsRemove,
  kitTypographySave,
  kitTypographyRemove,
  kitLogosSave,
  kitLogosRemove,
  memoryList,
  memoryPropose,
  memoryReview,
  brandCheck,
  genomeRead,
  genomeEntriesPropose,
  genomeEntriesReview,
  teamList,
  teamInvite,
  teamInvitationsRevoke,
  teamRoleUpdate,
  teamRemove,
  brandPolicyUpdate,
  confirmationsGet,
] as const satisfies readonly Capability[];

const byId = new Map<string, Capability>(capabilities.map((capability) => [capability.id, capability]));

export function findCapability(id: string): Capability | undefined {
  return byId.get(id);
}

type Registered = (typeof capabilities)[number];

/** Every capability's id: a call from the UI with any other string fails to compile. */
export type CapabilityId = Registered["id"];

/**
 * Each capability's input (what a caller sends, before its schema's defaults and transforms) and
 * output (what its answer carries, as checked by its schema). Client code imports it with
 * `import type` only: the registry itself pulls the database in.
 */
export type CapabilityMap = {
  [C in Registered as C["id"]]: { input: z.input<C["input"]>; output: z.output<C["output"]> };
};
