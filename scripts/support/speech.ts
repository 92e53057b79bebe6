// Real speech, made and recognised offline with Debian's packages, for the voice tests: espeak-ng
// speaks a sentence to a WAV file (sox resamples it and pads it with silence), and pocketsphinx
// recognises PCM16 audio against a small grammar of the test's phrases (a JSGF grammar makes
// synthetic speech recognition dependable). No hosted service, no downloaded model.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const CACHE = path.join(tmpdir(), "brand-ops-speech");
// Debian's pocketsphinx-en-us: the acoustic model and its pronouncing dictionary
const MODEL = "/usr/share/pocketsphinx/model/en-us";

/** What the tests say; the recogniser chooses among these (and nothing else). */
export const PHRASES = [
  "what are our brand colors",
  "add teal as an accent color",
  "add a color",
  "yes confirm it",
  "show our contacts",
  "search the library for logo",
  "thank you",
] as const;

/**
 * A WAV file (mono PCM16 at `rate`) of espeak-ng saying `text`, with `lead` seconds of silence
 * before (a browser's fake microphone starts playing as soon as it is opened) and 1.5 s after (so
 * voice activity detection hears the end). Cached by text, rate and padding.
 */
export async function speak(text: string, options: { rate?: number; lead?: number } = {}): Promise<string> {
  const rate = options.rate ?? 16_000;
  const lead = options.lead ?? 0.5;
  mkdirSync(CACHE, { recursive: true });
  const name = createHash("sha256").update(`${text}|${rate}|${lead}`).digest("hex").slice(0, 16);
  const file = path.join(CACHE, `${name}.wav`);
  if (existsSync(file)) return file;
  const raw = path.join(CACHE, `${name}.espeak.wav`);
  await run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", raw, text]);
  await run("sox", [
    raw,
    "-r",
    String(rate),
    "-c",
    "1",
    "-b",
    "16",
    "-e",
    "signed-integer",
    file,
    "pad",
    String(lead),
    "1.5",
  ]);
  rmSync(raw, { force: true });
  return file;
}

/** One WAV of several sentences, each followed by `gap` seconds of silence (a conversation's turns). */
export async function speakAll(
  texts: string[],
  options: { rate?: number; lead?: number; gap?: number } = {},
): Promise<string> {
  const rate = options.rate ?? 16_000;
  const name = createHash("sha256")
    .update(`${texts.join("|")}|${rate}|${options.lead}|${options.gap}`)
    .digest("hex")
    .slice(0, 16);
  const file = path.join(CACHE, `all-${name}.wav`);
  if (existsSync(file)) return file;
  const parts: string[] = [];
  for (const [index, text] of texts.entries()) {
    const part = `${file}.${index}.wav`;
    await run("sox", [
      await speak(text, { rate, lead: index === 0 ? (options.lead ?? 0.5) : 0.2 }),
      part,
      "pad",
      "0",
      String(options.gap ?? 4),
    ]);
    parts.push(part);
  }
  await run("sox", [...parts, file]);
  for (const part of parts) rmSync(part, { force: true });
  return file;
}

/** The PCM16 samples of a WAV file made by speak() (its data chunk). */
export function pcmOf(wavFile: string): Buffer {
  const wav = readFileSync(wavFile);
  const data = wav.indexOf("data", 12);
  return wav.subarray(data + 8, data + 8 + wav.readUInt32LE(data + 4));
}

/**
 * What was said in mono PCM16 audio at `rate`, as one of `phrases` in lower case, or "" when
 * pocketsphinx hears none of them.
 */
export async function recognize(pcm: Buffer, rate: number, phrases: readonly string[] = PHRASES): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-asr-"));
  try {
    const raw = path.join(dir, "in.raw");
    const wav = path.join(dir, "in.wav");
    const grammar = path.join(dir, "phrases.gram");
    writeFileSync(raw, pcm);
    await run("sox", [
      "-t",
      "raw",
      "-r",
      String(rate),
      "-e",
      "signed-integer",
      "-b",
      "16",
      "-c",
      "1",
      raw,
      "-r",
      "16000",
      wav,
    ]);
    writeFileSync(
      grammar,
      `#JSGF V1.0;\ngrammar phrases;\npublic <phrase> = ${phrases.map((phrase) => phrase.toLowerCase()).join(" | ")};\n`,
    );
    const { stdout } = await run("pocketsphinx_continuous", [
      "-infile",
      wav,
      "-jsgf",
      grammar,
      "-dict",
      `${MODEL}/cmudict-en-us.dict`,
      "-hmm",
      `${MODEL}/en-us`,
      "-logfn",
      "/dev/null",
      // the same answer every time: a fixed seed, and no noise subtraction (test audio has digital silence)
      "-seed",
      "1",
      "-remove_noise",
      "no",
      "-remove_silence",
      "no",
    ]);
    return stdout.trim().split("\n").filter(Boolean).join(" ").toLowerCase();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A WAV file of `text` as bytes (for a scripted /audio/speech), at `rate`. */
export async function spokenWav(text: string, rate = 24_000): Promise<Buffer> {
  return readFileSync(await speak(text, { rate, lead: 0.1 }));
}
