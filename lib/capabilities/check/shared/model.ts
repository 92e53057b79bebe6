// Guardrails and tone judged by the assistant's model, for brand.check: what no fixed rule can read.
// The model is asked for JSON naming the guardrail by its number; its findings carry byModel, and
// anything it could not judge (no model, no budget or no share of it left, an answer that cannot be
// read) goes to notChecked instead, never to a refusal of the call.
import { z } from "zod";
import type { BrandContext } from "../../../contract/context";
import type { CheckOutput, Finding } from "./shape";
import type { VoiceEntry } from "./text";

const answer = z.object({
  findings: z
    .array(
      z.object({
        kind: z.enum(["guardrail", "tone"]),
        guardrail: z.number().int().nullable().optional(),
        severity: z.enum(["error", "warning", "info"]),
        message: z.string().min(1).max(600),
        excerpt: z.string().max(300).nullable().optional(),
        suggestion: z.string().max(600).nullable().optional(),
      }),
    )
    .max(20),
});

const SYSTEM =
  "You check a text written for a brand against the brand's guardrails and tone of voice. " +
  "Report only real problems: a guardrail the text breaks (severity error), a tone clearly unlike the brand's " +
  "(severity warning), or a small tone remark (severity info). Write each message for the brand's people, in plain " +
  'words. Answer with JSON only: {"findings":[{"kind":"guardrail"|"tone","guardrail":<the guardrail\'s number, or null>,' +
  '"severity":"error"|"warning"|"info","message":"…","excerpt":"the words concerned","suggestion":"…"}]}. ' +
  'An empty list means the text keeps every guardrail and the tone: {"findings":[]}.';

export type Judged = { findings: Finding[]; notChecked: CheckOutput["notChecked"]; model?: string };

const REASONS = {
  no_model: "no model is configured for this service",
  no_budget: "the brand's AI budget for this month is spent",
  // the caller's own part of the month (AI_PERSON_SHARE_PERCENT): the brand's other members still have theirs
  person_share: "your share of this month's AI use is spent",
  failed: "the model could not be reached",
} as const;

export async function judgeByModel(ctx: BrandContext, text: string, entries: readonly VoiceEntry[]): Promise<Judged> {
  const guardrails = entries.filter((entry) => entry.kind === "guardrail");
  const voice = entries.filter((entry) => entry.kind === "voice" || entry.kind === "archetype");
  const kinds = [...(guardrails.length ? (["guardrail"] as const) : []), ...(voice.length ? (["tone"] as const) : [])];
  if (kinds.length === 0) return { findings: [], notChecked: [] };
  const notChecked = (reason: string) => ({ findings: [], notChecked: kinds.map((rule) => ({ rule, reason })) });
  const prompt = [
    guardrails.length ? `Guardrails:\n${guardrails.map((entry, i) => `${i + 1}. ${entry.value}`).join("\n")}` : "",
    voice.length ? `Tone of voice:\n${voice.map((entry) => `- ${entry.value}`).join("\n")}` : "",
    `The text, between the lines:\n-----\n${text}\n-----`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const asked = await ctx.judge.ask({
    brand: ctx.brand,
    userId: ctx.actor.userId,
    system: SYSTEM,
    prompt,
    now: ctx.now,
  });
  if ("refused" in asked) return notChecked(REASONS[asked.refused]);
  const parsed = answer.safeParse(jsonIn(asked.text));
  if (!parsed.success) return notChecked("the model's answer could not be read");
  const findings = parsed.data.findings.map((item): Finding => {
    const entry = item.kind === "guardrail" ? guardrails[(item.guardrail ?? 0) - 1] : voice[0];
    return {
      severity: item.severity,
      rule: { kind: item.kind, ...(entry ? { ref: entry.id } : {}) },
      message: item.message,
      ...(item.excerpt ? { excerpt: item.excerpt } : {}),
      ...(item.suggestion ? { suggestion: item.suggestion } : {}),
      byModel: true,
    };
  });
  return { findings, notChecked: [], model: asked.model };
}

/** The JSON object in a model's answer, which may wrap it in a code fence or a sentence. */
function jsonIn(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end < start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}
