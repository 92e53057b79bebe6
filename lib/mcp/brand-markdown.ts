// The Markdown renderings of the brand resources (brand-resources.ts): what a host that shows
// resources to a person, or pastes them into a model's context, reads best. The JSON rendering is
// the capability's own data; this one says the same in words, nothing more and nothing less.

type Kit = {
  colors?: { name: string; hex: string; role: string; contrast: { onWhite: number; onBlack: number } }[];
  typography?: { family: string; role: string; weights: string[] }[];
  logos?: { assetId: string; name: string; form: string; theme: string; primary: boolean }[];
};
type Voice = {
  revision: number;
  voice: string;
  guardrails: string[];
  vocabulary: { use: string[]; avoid: string[] };
  archetypes: string[];
};
type Instructions = { instructions?: Record<string, string> };

// brand content is people's text: a cell must not end its row or its table
const cell = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/\s*\n\s*/g, " ");
const bullets = (items: string[], none: string) =>
  items.length > 0 ? items.map((item) => `- ${item.replace(/\s*\n\s*/g, " ")}`).join("\n") : none;

export function kitMarkdown(brandName: string, kit: Kit): string {
  const colors = kit.colors ?? [];
  const typography = kit.typography ?? [];
  const logos = kit.logos ?? [];
  return [
    `# ${brandName}: brand kit`,
    "## Colours",
    colors.length > 0
      ? [
          "| Name | Hex | Role | Contrast on white | Contrast on black |",
          "| --- | --- | --- | --- | --- |",
          ...colors.map(
            (color) =>
              `| ${cell(color.name)} | ${color.hex} | ${color.role} | ${color.contrast.onWhite} | ${color.contrast.onBlack} |`,
          ),
        ].join("\n")
      : "No approved colours yet.",
    "## Typography",
    bullets(
      typography.map(
        (face) =>
          `${face.family} (${face.role}${face.weights.length > 0 ? `; weights ${face.weights.join(", ")}` : ""})`,
      ),
      "No typefaces yet.",
    ),
    "## Logos",
    bullets(
      logos.map(
        (logo) =>
          `${logo.name}${logo.primary ? " (primary)" : ""}: ${logo.form}, for ${logo.theme} backgrounds; file ${logo.assetId}`,
      ),
      "No approved logos yet.",
    ),
  ].join("\n\n");
}

export function voiceMarkdown(brandName: string, voice: Voice): string {
  return [
    `# ${brandName}: brand voice`,
    `Compiled from reviewed brand knowledge, revision ${voice.revision}.`,
    "## Voice",
    voice.voice.trim() || "Nothing reviewed yet.",
    "## Guardrails",
    bullets(voice.guardrails, "None yet."),
    "## Words to use",
    bullets(voice.vocabulary.use, "None yet."),
    "## Words to avoid",
    bullets(voice.vocabulary.avoid, "None yet."),
    "## Archetypes",
    bullets(voice.archetypes, "None yet."),
  ].join("\n\n");
}

const SECTION_TITLES: Record<string, string> = {
  general: "General",
  logos: "Logos",
  colors: "Colours",
  typography: "Typography",
  imagery: "Imagery",
};

export function instructionsMarkdown(brandName: string, data: Instructions): string {
  const sections = Object.entries(data.instructions ?? {}).filter(([, text]) => text.trim().length > 0);
  return [
    `# ${brandName}: usage instructions`,
    ...(sections.length > 0
      ? sections.flatMap(([section, text]) => [`## ${SECTION_TITLES[section] ?? section}`, text.trim()])
      : ["No usage instructions yet."]),
  ].join("\n\n");
}
