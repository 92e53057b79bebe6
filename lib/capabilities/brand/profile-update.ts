import { z } from "zod";
import countries from "i18n-iso-countries";
import { defineCapability } from "../../contract/define";
import { expectedRevision, int53, writeOutput } from "../schemas";
import { invalidInput, revisionConflict } from "../../contract/errors";

const PROFILE_FIELDS = ["displayName", "countryCode", "city", "organizationType", "primaryLanguage"] as const;

const LABELS: Record<(typeof PROFILE_FIELDS)[number], string> = {
  displayName: "display name",
  countryCode: "country",
  city: "city",
  organizationType: "organization type",
  primaryLanguage: "primary language",
};

/** The profile as it stands after an update: its fields (null when never set) and revision. */
const profileRecord = z
  .object({
    id: z.uuid().describe("The brand's id"),
    revision: int53().describe("The genome's new revision"),
    displayName: z.string().nullable(),
    countryCode: z.string().nullable(),
    city: z.string().nullable(),
    organizationType: z.string().nullable(),
    primaryLanguage: z.string().nullable(),
  })
  .strict();

/** BCP 47 canonical form, or undefined when the tag is not well-formed. */
function canonicalLanguage(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export const brandProfileUpdate = defineCapability({
  id: "brand.profile.update",
  kind: "write",
  scope: "brand.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Update the brand profile",
  description:
    "Changes display name, country, city, organization type or primary language. Send the revision from " +
    "brand.overview as expectedRevision; at least one field must be given.",
  input: z
    .object({
      expectedRevision: expectedRevision(),
      displayName: z.string().trim().min(1).max(120).optional().describe("Name shown for the brand"),
      countryCode: z
        .string()
        .length(2)
        .regex(/^[A-Za-z]{2}$/, { message: "must be a two-letter country code like FR", abort: true })
        .refine((code) => countries.isValid(code.toUpperCase()), "must be an ISO 3166-1 alpha-2 country code")
        .transform((code) => code.toUpperCase())
        .optional()
        .describe("ISO 3166-1 alpha-2 country code, e.g. FR"),
      city: z.string().trim().max(120).optional().describe("City of the brand's main seat"),
      organizationType: z.string().trim().max(40).optional().describe("Kind of organization, e.g. shop, association"),
      primaryLanguage: z
        .string()
        .max(12)
        .refine((tag) => canonicalLanguage(tag) !== undefined, "must be a valid BCP 47 language tag, e.g. fr or en-GB")
        .transform((tag) => canonicalLanguage(tag)!)
        .optional()
        .describe("BCP 47 language tag, e.g. fr or en-GB"),
    })
    .strict()
    .superRefine((input, check) => {
      if (!PROFILE_FIELDS.some((field) => input[field] !== undefined)) {
        check.addIssue({
          code: "custom",
          path: ["body"],
          message: "give at least one profile field besides expectedRevision",
        });
      }
    }),
  output: writeOutput,
  touched: (_input, data) =>
    data.id ? { kind: "profile", id: data.id, ...(data.revision ? { revision: data.revision } : {}) } : undefined,
  events: {
    types: {
      "brand.profile.updated": {
        description: "The brand profile changed; the event carries all its fields",
        data: profileRecord,
      },
    },
    async emit(ctx) {
      const genome = await ctx.db.genome.findUniqueOrThrow({
        where: { brandId: ctx.brand.id },
        select: {
          revision: true,
          displayName: true,
          countryCode: true,
          city: true,
          organizationType: true,
          primaryLanguage: true,
        },
      });
      return { type: "brand.profile.updated", data: { id: ctx.brand.id, ...genome } };
    },
  },
  undo: { records: (ctx) => [{ model: "genome", key: { brandId: ctx.brand.id } }] },
  summarize(ctx, input) {
    const changes = PROFILE_FIELDS.filter((field) => input[field] !== undefined).map(
      (field) => `${LABELS[field]} to "${input[field]}"`,
    );
    return `Change the profile of ${ctx.brand.name}: ${changes.join(", ")}.`;
  },
  async check(ctx, input) {
    const genome = await ctx.db.genome.findUnique({ where: { brandId: ctx.brand.id }, select: { revision: true } });
    if (genome && genome.revision !== input.expectedRevision) throw revisionConflict(genome.revision);
  },
  async execute(ctx, input) {
    const { expectedRevision: expected, ...fields } = input;
    // the revision is compared and bumped in one statement, so two concurrent writers cannot both win
    const updated = await ctx.db.genome.updateMany({
      where: { brandId: ctx.brand.id, revision: expected },
      data: { ...fields, revision: { increment: 1 } },
    });
    if (updated.count === 0) {
      const genome = await ctx.db.genome.findUnique({ where: { brandId: ctx.brand.id }, select: { revision: true } });
      if (!genome) throw invalidInput("expectedRevision", "this brand has no genome yet");
      throw revisionConflict(genome.revision);
    }
    return { ok: true as const, id: ctx.brand.id, revision: expected + 1 };
  },
});
