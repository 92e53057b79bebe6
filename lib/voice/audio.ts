// The spoken ends of a turn-based voice turn, on any OpenAI-compatible server: the recording
// transcribed (/audio/transcriptions) and the answer spoken (/audio/speech). A provider's refusal
// is explained by the caller (lib/assistant/provider-failure.ts).
import "server-only";
import { experimental_generateSpeech, experimental_transcribe } from "ai";
import type { AppError } from "../contract/errors";
import { invalidInput } from "../contract/errors";
import type { openAIProvider } from "../assistant/model";

type Provider = ReturnType<typeof openAIProvider>;
type Explain = (error: unknown) => AppError;

export async function transcribeTurn(
  provider: Provider,
  model: string,
  base64: string,
  explain: Explain,
): Promise<string> {
  const audio = Buffer.from(base64, "base64");
  if (audio.length < 44 || audio.toString("ascii", 0, 4) !== "RIFF" || audio.toString("ascii", 8, 12) !== "WAVE")
    throw invalidInput("audio", "must be a WAV recording, base64");
  try {
    return (await experimental_transcribe({ model: provider.transcription(model), audio })).text.trim();
  } catch (error) {
    throw explain(error);
  }
}

export async function speak(provider: Provider, model: string, text: string, explain: Explain): Promise<string | null> {
  try {
    return Buffer.from(
      (await experimental_generateSpeech({ model: provider.speech(model), text, outputFormat: "wav" })).audio
        .uint8Array,
    ).toString("base64");
  } catch (error) {
    explain(error); // logged for the operator; the person still gets the answer, in the browser's voice
    return null;
  }
}
