// The demo brand a first start creates (lib/admin/seed-demo.ts), named here because the OpenAPI
// document's examples (lib/openapi/examples) call it by its short id and by the ids of the records
// they touch: fixed ids, so an example copied from the document runs as written against a fresh
// demo. Only one demo brand ever exists in a database (the seed runs on an empty one).
export const DEMO_BRAND = "NWC-1";

export const DEMO_IDS = {
  questions: {
    tagline: "6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e01",
    darkLogo: "6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e02",
    launchDate: "6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e03",
  },
  colors: {
    espresso: "6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e11",
    crema: "6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e12",
    leaf: "6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e13",
  },
} as const;
