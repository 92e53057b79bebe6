// What the settings page may send to create a key, checked field by field so every refusal
// names its field (docs/design.md, errors), and resolved to what lib/keys/keys.ts stores.
import { z } from "zod";
import type { PrismaClient } from "../db/generated/client";
import { SCOPES } from "../contract/catalogue";
import { AppError, type FieldIssue } from "../contract/errors";
import { describe } from "../core/input";
import { keyableBrands, resolveScopes, type NewKey } from "./keys";
import { confirmByField } from "./confirm-by";

export const createKeyInput = z
  .object({
    name: z.string().trim().max(100).optional().describe("A label to tell keys apart, e.g. 'Zapier'"),
    scopes: z
      .array(z.enum([...SCOPES, "all"]))
      .min(1)
      .max(SCOPES.length + 1)
      .describe("Scopes, or ['all']"),
    brands: z
      .array(z.string().trim().min(1).max(100))
      .max(100)
      .optional()
      .describe("Short ids or UUIDs of brands to limit the key to; omitted or empty means every brand of yours"),
    expiresAt: z.iso.datetime({ offset: true }).optional().describe("When the key stops working (ISO 8601)"),
    // a key is most often a script's: by default it confirms its own writes, as the API always let it
    confirmBy: confirmByField.default("caller"),
  })
  .strict();

function refuse(issues: FieldIssue[]): never {
  const first = issues[0]!;
  throw new AppError("invalid_input", `${first.field}: ${first.message}`, { field: first.field, issues });
}

export async function parseCreateKey(db: PrismaClient, userId: string, body: unknown, now: Date): Promise<NewKey> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    refuse([{ field: "body", message: "must be a JSON object" }]);
  const parsed = createKeyInput.safeParse(body, { reportInput: true });
  if (!parsed.success) refuse(parsed.error.issues.flatMap(describe));
  const input = parsed.data;
  const resolved = resolveScopes(input.scopes);
  if ("unknown" in resolved) refuse([{ field: "scopes", message: `unknown ${resolved.unknown.join(", ")}` }]);

  let brandIds: string[] | null = null;
  if (input.brands && input.brands.length > 0) {
    // only brands this person belongs to (staff: any), whatever the page offered
    const allowed = await keyableBrands(db, userId);
    brandIds = input.brands.map((ref, index) => {
      const brand = allowed.find(
        (candidate) => candidate.id === ref.toLowerCase() || candidate.shortId.toLowerCase() === ref.toLowerCase(),
      );
      if (!brand) refuse([{ field: `brands.${index}`, message: `${ref} is not one of your brands` }]);
      return brand.id;
    });
    brandIds = [...new Set(brandIds)];
  }

  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) refuse([{ field: "expiresAt", message: "must be in the future" }]);
  return { userId, scopes: resolved.scopes, brandIds, expiresAt, name: input.name || null, confirmBy: input.confirmBy };
}
