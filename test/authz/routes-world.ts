// The world of the routes' authorization matrix: two servers on the suite's database, one with
// realtime voice and one with turn-by-turn voice (each answers the other's voice routes 503), both
// with the scripted chat model and a mock OAuth provider for connection links; brand A with a viewer,
// a member and an admin, another brand's admin, a staff person, each signed in and holding a key.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { addMember, createUser } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { startScriptedModel } from "../../scripts/support/scripted-openai";
import { startScriptedRealtime } from "../../scripts/support/scripted-realtime";
import { startServer } from "../../scripts/support/start-server";
import { PASSWORD, signIn } from "../assistant/support";
import { startMockProvider, writeProvidersFile } from "../support/oauth-provider";
import { makeBrand, makeKey } from "../support/world";
import type { Caller } from "./routes-expected";

export const MATRIX_ROUTES_PROVIDER = "matrixroutes";

export async function startMatrixServers() {
  const [model, realtime, mock] = await Promise.all([
    startScriptedModel(() => ({ text: "Noted." })),
    startScriptedRealtime(),
    startMockProvider(),
  ]);
  const providers = writeProvidersFile([mock.entry(MATRIX_ROUTES_PROVIDER)]);
  const common = {
    ...inject("testEnv"),
    OPENAI_BASE_URL: model.baseUrl,
    ASSISTANT_MODEL: "scripted-model",
    CONNECTION_PROVIDERS_FILE: providers.file,
  };
  const [voice, turns] = await Promise.all([
    startServer({
      ...common,
      VOICE_MODE: "realtime",
      OPENAI_API_KEY: "sk-matrix",
      REALTIME_BASE_URL: realtime.baseUrl,
      REALTIME_TRANSPORT: "websocket",
      VOICE_SESSION_TOKENS: "1000",
    }),
    startServer({ ...common, VOICE_MODE: "turns", VOICE_TRANSCRIPTION_MODEL: "scripted-transcribe" }),
  ]);
  const stop = async () => {
    await Promise.all([voice.stop(), turns.stop(), model.stop(), realtime.stop(), mock.server.stop()]);
    providers.remove();
  };
  return { url: voice.url, turnsUrl: turns.url, providerBase: mock.base, stop };
}

export type Person = { id: string; email: string; cookie: string; key: string };

async function person(
  url: string,
  options: { brand?: string; role?: "viewer" | "member" | "admin"; staff?: boolean },
): Promise<Person> {
  const email = `matrix-routes-${randomUUID().slice(0, 8)}@test.example`;
  const { id } = await createUser(db(), {
    email,
    name: `Matrix ${options.role ?? "staff"}`,
    password: PASSWORD,
    staff: options.staff,
  });
  if (options.brand && options.role) await addMember(db(), { brand: options.brand, email, role: options.role });
  return { id, email, cookie: await signIn(url, email), key: (await makeKey(email)).key };
}

export async function makeRoutesWorld(servers: Awaited<ReturnType<typeof startMatrixServers>>) {
  const [brand, other] = [await makeBrand({ name: "Matrix routes A" }), await makeBrand({ name: "Matrix routes B" })];
  const { url } = servers;
  const [viewer, member, admin, outsider, staff] = await Promise.all([
    person(url, { brand: brand.shortId, role: "viewer" }),
    person(url, { brand: brand.shortId, role: "member" }),
    person(url, { brand: brand.shortId, role: "admin" }),
    person(url, { brand: other.shortId, role: "admin" }),
    person(url, { staff: true }),
  ]);
  const people: Record<Exclude<Caller, "anonymous" | "apiKey">, Person> = { viewer, member, admin, outsider, staff };
  return { ...servers, brand, people, adminSecondKey: (await makeKey(admin.email)).key };
}

export type RoutesWorld = Awaited<ReturnType<typeof makeRoutesWorld>>;
