// What brand.check answers: findings that each name the rule they come from, the
// verdict they add up to, what the check was made against, and what it could not judge.
import { z } from "zod";
import { int53 } from "../../schemas";

export const RULE_KINDS = [
  "vocabulary_avoid",
  "vocabulary_use",
  "brand_name",
  "guardrail",
  "tone",
  "channel_length",
  "channel_links",
  "color",
  "contrast",
  "logo",
  "file",
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const SEVERITIES = ["error", "warning", "info"] as const;
export const VERDICTS = ["on_brand", "needs_changes", "off_brand"] as const;

export const finding = z
  .object({
    severity: z.enum(SEVERITIES).describe("error: off brand; warning: needs changes; info: worth knowing"),
    rule: z
      .object({
        kind: z.enum(RULE_KINDS),
        ref: z.string().optional().describe("The genome entry's or kit item's id the rule comes from"),
      })
      .strict(),
    message: z.string().describe("What was found, in words a person understands"),
    excerpt: z.string().optional().describe("The part of the text it was found in"),
    suggestion: z.string().optional().describe("What to write or do instead"),
    byModel: z.boolean().optional().describe("true when the assistant's model judged it, not a fixed rule"),
  })
  .strict();
export type Finding = z.output<typeof finding>;

export const checkOutput = z
  .object({
    verdict: z.enum(VERDICTS).describe("off_brand if any error, needs_changes if any warning, else on_brand"),
    findings: z.array(finding),
    checkedAgainst: z
      .object({
        genomeRevision: int53().describe("The genome revision whose approved voice was used"),
        kitColors: int53().describe("How many kit colours the image was compared with"),
        wordsToAvoid: int53(),
        guardrails: int53(),
        brandName: z.string().describe("The brand's name as its profile writes it"),
        language: z.string().nullable().describe("The brand's primary language (BCP 47), for inflections"),
        stemmer: z.string().nullable().describe("The Snowball stemmer used for inflections, or null: exact words"),
        channel: z.string().optional(),
        model: z.string().optional().describe("The model that judged guardrails and tone, when one did"),
      })
      .strict(),
    notChecked: z
      .array(
        z.object({ rule: z.enum(RULE_KINDS), reason: z.string().describe("Why it was not judged, in words") }).strict(),
      )
      .describe("Rules this check could not judge (e.g. guardrails and tone without a model or budget)"),
  })
  .strict();
export type CheckOutput = z.output<typeof checkOutput>;

export function verdictOf(findings: readonly Finding[]): CheckOutput["verdict"] {
  if (findings.some((item) => item.severity === "error")) return "off_brand";
  if (findings.some((item) => item.severity === "warning")) return "needs_changes";
  return "on_brand";
}

/** A short piece of text around [start, end), cut at word boundaries, for a finding's excerpt. */
export function excerptOf(text: string, start: number, end: number, around = 40): string {
  const from = Math.max(0, text.lastIndexOf(" ", Math.max(0, start - around)) + 1);
  const cut = text.indexOf(" ", Math.min(text.length, end + around));
  const to = cut === -1 ? text.length : cut;
  return `${from > 0 ? "…" : ""}${text.slice(from, to).replace(/\s+/g, " ").trim()}${to < text.length ? "…" : ""}`;
}
