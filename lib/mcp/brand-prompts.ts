// Prompts that put the brand in front of the model: each embeds the brand resources it
// needs (brand-resources.ts, read through the pipeline as the caller) as Markdown, then asks for the
// work. A brand the caller may not read is refused in the same words as one that does not exist.
import { ProtocolError, ProtocolErrorCode, type McpServer, type PromptMessage } from "@modelcontextprotocol/server";
import { z } from "zod";
import { CONTACT_TYPES } from "../capabilities/brand/shared/contacts";
import type { McpCaller } from "./auth";
import { BRAND_PARTS, partContents, type BrandPart, type CallerFor } from "./brand-resources";

const brandArg = z
  .string()
  .min(1)
  .max(100)
  .describe("The brand's short id (resources/list or brands_list gives yours)");

/** The parts' Markdown as embedded resources, a sentence for those this caller may not read; refused when none is readable. */
async function embedded(caller: McpCaller, brand: string, parts: BrandPart[]): Promise<PromptMessage[]> {
  const read = await Promise.all(
    parts.map(async (part) => ({ part, contents: await partContents(caller, brand, part) })),
  );
  if (read.every(({ contents }) => !contents))
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `brand: no brand "${brand}" that you can read`);
  const missing = read.filter(({ contents }) => !contents).map(({ part }) => `the ${BRAND_PARTS[part].title}`);
  return [
    ...read.flatMap(({ contents }) =>
      contents ? [{ role: "user" as const, content: { type: "resource" as const, resource: contents.markdown } }] : [],
    ),
    ...(missing.length > 0
      ? [
          {
            role: "user" as const,
            content: { type: "text" as const, text: `Not available to you: ${missing.join(", ")}.` },
          },
        ]
      : []),
  ];
}

const ask = (text: string): PromptMessage => ({ role: "user", content: { type: "text", text } });

export function registerBrandPrompts(server: McpServer, callerFor: CallerFor): void {
  server.registerPrompt(
    "on_brand_post",
    {
      title: "Write an on-brand post",
      description: "A post for one channel in the brand's voice, within its guardrails and usage instructions.",
      argsSchema: z.object({
        brand: brandArg,
        channel: z.enum(CONTACT_TYPES).describe(`Where it is posted: ${CONTACT_TYPES.join(", ")}`),
        topic: z.string().min(1).max(2000).describe("What the post is about"),
      }),
    },
    async ({ brand, channel, topic }, ctx) => ({
      description: `An on-brand ${channel} post`,
      messages: [
        ...(await embedded(callerFor(ctx), brand, ["voice", "instructions"])),
        ask(
          `Write one ${channel} post about: ${topic}\n\nWrite it in the brand's voice above, keep every guardrail, ` +
            "prefer the words to use and never use the words to avoid, and respect the channel's usual length. " +
            "Then list, in one line each, any guardrail you had to interpret.",
        ),
      ],
    }),
  );

  server.registerPrompt(
    "review_file_against_kit",
    {
      title: "Review a file against the kit",
      description: "Checks one library file (an image or a document) against the brand kit and its usage instructions.",
      argsSchema: z.object({
        brand: brandArg,
        assetId: z.uuid().describe("The file's id in the brand's library (library_search gives it)"),
      }),
    },
    async ({ brand, assetId }, ctx) => ({
      description: "A review of a file against the brand kit",
      messages: [
        ...(await embedded(callerFor(ctx), brand, ["kit", "instructions"])),
        ask(
          `Review the library file ${assetId} of brand ${brand} against the kit and instructions above: fetch it ` +
            "with the library_asset_get tool, then compare its colours with the palette (name each colour that is " +
            "off the palette), its typefaces with the typography, its logo use with the logos and the instructions. " +
            "Answer with a verdict (on brand, needs changes, off brand) and one line per finding, most serious first.",
        ),
      ],
    }),
  );

  server.registerPrompt(
    "voice_brief",
    {
      title: "Brief me on the brand's voice",
      description: "A short brief of the brand's voice for a writer or an agent new to the brand.",
      argsSchema: z.object({
        brand: brandArg,
        audience: z.string().max(200).optional().describe("Who the brief is for (default: a new copywriter)"),
      }),
    },
    async ({ brand, audience }, ctx) => ({
      description: "A brief of the brand's voice",
      messages: [
        ...(await embedded(callerFor(ctx), brand, ["voice"])),
        ask(
          `Brief ${audience?.trim() || "a new copywriter"} on this brand's voice in at most 200 words: how it ` +
            "sounds, three do's and three don'ts drawn from the guardrails and vocabulary above, and one example " +
            "sentence. Use only what the voice above says.",
        ),
      ],
    }),
  );
}
