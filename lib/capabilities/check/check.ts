import { z } from "zod";
import { defineCapability } from "../../contract/define";
import type { Scope } from "../../contract/catalogue";
import { recordId } from "../schemas";
import { CONTACT_TYPES } from "../brand/shared/contacts";
import { readVoiceEntries } from "../brand/soul-read";
import { assetFindings } from "./shared/asset";
import { channelFindings } from "./shared/channel";
import { judgeByModel } from "./shared/model";
import { checkOutput, type CheckOutput, type Finding, verdictOf } from "./shared/shape";
import { brandNameFindings, vocabularyFindings } from "./shared/text";
import { matcherFor } from "./shared/words";

export const MAX_CHECK_TEXT = 20_000;

const FILE_SCOPES: readonly Scope[] = ["library.read", "kit.read"];

export const brandCheck = defineCapability({
  id: "brand.check",
  kind: "read",
  scope: "brand.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "check",
  title: "Check on brand",
  description:
    "Checks a text, an image from the library, or both against the brand's approved voice (words to avoid, the " +
    "brand's name, guardrails and tone) and kit (colours, contrast, logos), and the channel's length and link rules. " +
    "Answers a verdict (on_brand, needs_changes, off_brand) and findings that name their rule. Checking a file also " +
    "needs the scopes kit.read and library.read. Never changes anything.",
  input: z
    .object({
      text: z.string().min(1).max(MAX_CHECK_TEXT).optional().describe("The text to check, up to 20,000 characters"),
      assetId: recordId().optional().describe("An image in the library to check (PNG, JPEG, WebP or GIF)"),
      channel: z
        .enum(CONTACT_TYPES)
        .optional()
        .describe("Where the text will be published (a contact type): its length and link rules apply"),
    })
    .strict()
    .superRefine((input, issue) => {
      if (input.text === undefined && input.assetId === undefined) {
        issue.addIssue({ code: "custom", path: ["text"], message: "give a text to check, a file, or both" });
      }
    }),
  output: checkOutput,
  // a file's findings come from the library and the kit: the key must grant those too
  extraScopes: {
    among: FILE_SCOPES,
    when: "checking a file",
    of: (_ctx, input) => (input.assetId ? FILE_SCOPES : []),
  },
  async execute(ctx, input): Promise<CheckOutput> {
    const [genome, profile] = await Promise.all([
      readVoiceEntries(ctx),
      ctx.db.genome.findUnique({
        where: { brandId: ctx.brand.id },
        select: { displayName: true, primaryLanguage: true },
      }),
    ]);
    const entries = genome?.entries ?? [];
    const brandName = profile?.displayName ?? ctx.brand.name;
    const language = profile?.primaryLanguage ?? null;
    const matcher = matcherFor(language);
    const findings: Finding[] = [];
    const notChecked: CheckOutput["notChecked"] = [];
    let model: string | undefined;
    let kitColors = 0;
    if (input.text !== undefined) {
      findings.push(...vocabularyFindings(input.text, entries, matcher), ...brandNameFindings(input.text, brandName));
      if (input.channel) findings.push(...channelFindings(input.text, input.channel));
      const judged = await judgeByModel(ctx, input.text, entries);
      findings.push(...judged.findings);
      notChecked.push(...judged.notChecked);
      model = judged.model;
    }
    if (input.assetId) {
      const checked = await assetFindings(ctx, input.assetId);
      findings.push(...checked.findings);
      kitColors = checked.kitColors;
    }
    const order = { error: 0, warning: 1, info: 2 } as const;
    findings.sort((a, b) => order[a.severity] - order[b.severity]);
    return {
      verdict: verdictOf(findings),
      findings,
      checkedAgainst: {
        genomeRevision: genome?.revision ?? 1,
        kitColors,
        wordsToAvoid: entries.filter((entry) => entry.kind === "vocabulary_avoid").length,
        guardrails: entries.filter((entry) => entry.kind === "guardrail").length,
        brandName,
        language,
        stemmer: matcher.stemmer,
        ...(input.channel ? { channel: input.channel } : {}),
        ...(model ? { model } : {}),
      },
      notChecked,
    };
  },
});
