export const KIT_SECTIONS = ["logos", "colors", "typography", "imagery", "general"] as const;
