// The Voice door's function calls: POST { brand, name, arguments, callId?, conversation?, messageId? }
// from the person's browser, for a call the voice model made → the ToolEnvelope (for the model, and
// for the widget), stored in the person's conversation when one is named.
import { z } from "zod";
import { personRoute } from "@/lib/auth/person-route";
import { runVoiceTool } from "@/lib/doors/voice";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const functionCall = z
  .object({
    brand: z.string().min(1).max(100),
    name: z.string().min(1).max(100),
    arguments: z.union([z.string().max(256 * 1024), z.record(z.string(), z.unknown())]),
    callId: z.string().min(1).max(200).optional(),
    conversation: z.string().min(1).max(100).optional(),
    messageId: z.string().min(1).max(100).optional(),
  })
  .strict();

export const POST = personRoute(
  { origin: "browser", body: { limit: 1024 * 1024, schema: functionCall } },
  ({ userId, input, requestId }) => runVoiceTool({ userId, ...input, requestId }),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
