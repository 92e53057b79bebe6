// The speech half of a scripted OpenAI-compatible server (scripts/support/scripted-openai.ts):
// `/audio/transcriptions` hears the uploaded WAV with pocketsphinx, `/audio/speech` speaks the
// text with espeak-ng and answers a WAV. What was heard and said is kept for assertions.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pcmOf, recognize, spokenWav } from "./speech";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** every transcription answered and every text spoken, in order, across servers */
export const audioLog: { kind: "heard" | "spoken"; text: string; model: string }[] = [];

export const isAudioRoute = (url: string | undefined) =>
  Boolean(url?.endsWith("/audio/transcriptions") || url?.endsWith("/audio/speech"));

export async function answerAudio(req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
  const fail = (status: number, message: string) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message } }));
  if (req.url!.endsWith("/audio/speech")) {
    const request = JSON.parse(body.toString("utf8")) as { model?: string; input?: string };
    if (!request.input) return void fail(400, "input is required");
    audioLog.push({ kind: "spoken", text: request.input, model: String(request.model) });
    const wav = await spokenWav(request.input);
    return void res.writeHead(200, { "Content-Type": "audio/wav" }).end(wav);
  }
  const form = await new Request("http://scripted/", {
    method: "POST",
    headers: { "content-type": String(req.headers["content-type"]) },
    body: new Uint8Array(body),
  }).formData();
  const file = form.get("file");
  if (!(file instanceof Blob)) return void fail(400, "file is required");
  const text = await hear(Buffer.from(await file.arrayBuffer()));
  audioLog.push({ kind: "heard", text, model: String(form.get("model")) });
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ text }));
}

/** What a WAV file says: its samples and rate are read from its header. */
async function hear(wav: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-heard-"));
  try {
    const file = path.join(dir, "turn.wav");
    writeFileSync(file, wav);
    return await recognize(pcmOf(file), wav.readUInt32LE(24));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
