// The Voice door: a function call the voice model made in a person's voice session, sent on by
// their browser. It only translates: the tool name to its capability id, the arguments (a JSON
// string, as the Realtime API gives them) to an object, and the rest is the person's door with
// door "voice", so the pipeline serves exactly the Voice capabilities, with every rule it applies
// elsewhere, and a write needing confirmation is parked for the person's click (never the model's).
// Made in a conversation, the call and its envelope are stored in it (lib/voice/realtime-record.ts).
import type { z } from "zod";
import { AppError, invalidInput } from "../contract/errors";
import { parseJsonText } from "../http/json-text";
import { errorEnvelope, type ToolEnvelope } from "../pending/envelope";
import { keptEnvelope } from "../pending/kept";
import { capabilityOfTool } from "../voice/tools";
import { runVoiceTurn, type turnBody } from "../voice/turn";
import { recordVoiceCall, voiceConversation } from "../voice/realtime-record";
import { isJsonObject } from "../http/request";
import { runForPerson } from "./assistant";

export type VoiceToolCall = {
  userId: string;
  /** the voice session's brand (short id or UUID), chosen by the person, never by the model */
  brand: string;
  /** the tool name the model called (kit_read) */
  name: string;
  /** the model's arguments: a JSON object, or its text */
  arguments: string | Record<string, unknown>;
  /** the model's call id, kept with a pending call */
  callId?: string;
  /** the person's open conversation the session's calls are stored in (checked first: 404, nothing runs) */
  conversation?: string;
  /** the page's id for the stored message */
  messageId?: string;
  requestId: string;
};

export async function runVoiceTool(call: VoiceToolCall): Promise<ToolEnvelope> {
  const capabilityId = capabilityOfTool(call.name);
  const input = typeof call.arguments === "string" ? parseArguments(call.arguments) : call.arguments;
  const conversation =
    call.conversation === undefined ? undefined : await voiceConversation(call.userId, call.brand, call.conversation);
  const envelope =
    input instanceof AppError
      ? errorEnvelope(capabilityId, input, call.requestId)
      : await runForPerson({
          userId: call.userId,
          capabilityId,
          brand: call.brand,
          input,
          requestId: call.requestId,
          toolCallId: call.callId,
          door: "voice",
          conversationId: conversation?.id,
        });
  // every answer the widget shows is kept, refusals too: a reload shows what was on screen
  if (conversation)
    await recordVoiceCall(
      call.userId,
      conversation.id,
      call.messageId,
      { capabilityId, input: input instanceof AppError ? {} : input, callId: call.callId },
      envelope,
      new Date(),
    );
  // the browser hands this to the realtime model: a value shown once reaches the person through Confirm only
  return keptEnvelope(envelope);
}

/** POST /api/voice/turn: one turn of a turn-based voice conversation (lib/voice/turn.ts), its tool calls run through this door. */
export const voiceTurn = (userId: string, turn: z.output<typeof turnBody>, requestId: string) =>
  runVoiceTurn(userId, turn, requestId, runForPerson);

function parseArguments(text: string): Record<string, unknown> | AppError {
  const parsed = parseJsonText(text || "{}");
  const value = parsed.ok ? parsed.value : undefined;
  if (isJsonObject(value)) return value;
  return invalidInput("arguments", parsed.ok ? "must be a JSON object" : parsed.message);
}
