// Which provider a person or a model means: its key ("acme-social") or its name as people write it
// ("Acme Social", "acme social"). Nobody should have to know a key; a name that fits no provider,
// or several, is refused with the names to choose from.
import type { CatalogEntry } from "../../../connections/catalog";
import { invalidInput } from "../../../contract/errors";

// spaces, hyphens, dots and underscores are how names and keys differ, never what tells them apart
const squeezed = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, "");

const namesOf = (catalog: readonly CatalogEntry[]) => catalog.map((entry) => entry.name).join(", ");

/** The catalog entry meant by `text` (already lower-cased by the input schema), or invalid_input. */
export function providerMeant(catalog: readonly CatalogEntry[], text: string): CatalogEntry {
  const exact = catalog.find((entry) => entry.provider === text);
  if (exact) return exact;
  const wanted = squeezed(text);
  const fits = catalog.filter((entry) => squeezed(entry.name) === wanted || squeezed(entry.provider) === wanted);
  if (fits.length === 1) return fits[0]!;
  if (fits.length > 1) {
    throw invalidInput("provider", `"${text}" could mean ${namesOf(fits)}; say which one`, {
      reason: "unknown_provider",
    });
  }
  throw invalidInput(
    "provider",
    `"${text}" is not a service that can be connected here; choose one of: ${namesOf(catalog)}`,
    { reason: "unknown_provider" },
  );
}
