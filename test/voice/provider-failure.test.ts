// Voice when the model provider refuses, over HTTP: realtime (the client secret the server mints at
// the scripted Realtime server) and turns (transcription and the model at the scripted
// OpenAI-compatible server), each answering as OpenAI does. A 4xx is a 503 saying Voice is
// misconfigured and to tell an admin, with the provider's answer for a brand admin only; a 429 or
// a 5xx is "try again". The server's key never shows.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startScriptedModel, type ScriptedModel, type Turn } from "../../scripts/support/scripted-openai";
import { startScriptedRealtime, type ScriptedRealtime } from "../../scripts/support/scripted-realtime";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { makeChatWorld, post, signIn, type Person } from "../assistant/support";

const KEY = "sk-proj-voiceFailureTestKey0123456789abcdef";
const SCHEMA_MESSAGE =
  "Invalid schema for function 'brand_contacts_save': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.";

let realtime: ScriptedRealtime;
let model: ScriptedModel;
let realtimeServer: RunningServer;
let turnServer: RunningServer;
let next: Turn = { text: "Hello." };
// the scripted model serves /audio/* while this is true (read on each request)
const audio = { audio: true };

beforeAll(async () => {
  realtime = await startScriptedRealtime();
  model = await startScriptedModel(() => next, audio);
  [realtimeServer, turnServer] = await Promise.all([
    startServer({
      ...inject("testEnv"),
      VOICE_MODE: "realtime",
      OPENAI_API_KEY: KEY,
      REALTIME_BASE_URL: realtime.baseUrl,
      REALTIME_TRANSPORT: "websocket",
    }),
    startServer({
      ...inject("testEnv"),
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: KEY,
      ASSISTANT_MODEL: "scripted-model",
      VOICE_TRANSCRIPTION_MODEL: "scripted-whisper",
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([realtimeServer?.stop(), turnServer?.stop()]);
  await Promise.all([realtime?.stop(), model?.stop()]);
});

/** Half a second of 16 kHz silence as a WAV file, base64: heard as nothing. */
function silence(): string {
  const samples = Buffer.alloc(16_000);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]).toString("base64");
}

function logLine(server: RunningServer, requestId: string) {
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
  return lines.find((line) => line.component === "model" && line.requestId === requestId);
}

/** The misconfiguration as an admin and as a member and a viewer see it. */
async function expectMisconfigured(
  ask: (person: Person) => ReturnType<typeof post>,
  server: RunningServer,
  provider: Record<string, unknown>,
  call: string,
) {
  const admin = await ask(world.admin);
  expect(admin.status).toBe(503);
  expect(admin.body.error).toMatchObject({ code: "unavailable", reason: "model_misconfigured", provider });
  expect(admin.body.error.message).toMatch(
    /^Voice is misconfigured: .*trying again will not help\. What the provider said is below/,
  );
  expect(admin.text).not.toContain(KEY);
  expect(logLine(server, admin.headers.get("x-request-id")!)).toMatchObject({
    level: "error",
    door: "voice",
    call,
    failure: "misconfigured",
    status: provider.status,
  });
  for (const person of [world.member, world.viewer]) {
    const other = await ask(person);
    expect(other.status).toBe(503);
    expect(other.body.error).toMatchObject({ code: "unavailable", reason: "model_misconfigured" });
    expect(other.body.error.message).toMatch(/^Voice is misconfigured: .*Please tell an admin of this brand\.$/);
    expect(other.body.error).not.toHaveProperty("provider");
  }
  expect(server.output()).not.toContain(KEY);
}

async function expectTryAgain(ask: (person: Person) => ReturnType<typeof post>, status: number) {
  const viewer = await ask(world.viewer);
  expect(viewer.status).toBe(503);
  expect(viewer.body.error).toMatchObject({
    code: "unavailable",
    reason: "model_unavailable",
    retryAfterSeconds: 5,
    message: "The voice model could not answer just now; try again in a moment.",
  });
  expect(viewer.body.error).not.toHaveProperty("provider");
  const admin = await ask(world.admin);
  expect(admin.body.error.provider).toMatchObject({ status });
}

let world: Awaited<ReturnType<typeof makeChatWorld>>;
beforeAll(async () => {
  world = await makeChatWorld(realtimeServer.url);
});

describe("realtime: the client secret the provider refuses to mint", () => {
  const start = (person: Person) =>
    post(realtimeServer.url, "/api/voice/session", person.cookie, { brand: world.brand.shortId });

  it.each([
    [
      400,
      { code: "invalid_function_parameters", param: "session.tools[3].parameters", message: SCHEMA_MESSAGE },
      /Invalid schema for function/,
    ],
    [401, { message: `Incorrect API key provided: ${KEY}.` }, /Incorrect API key provided: \[key\]\./],
    [404, {}, /The model `gpt-realtime` does not exist/],
  ])("HTTP %i: misconfigured, tell an admin; the admin reads the provider's answer", async (status, error, said) => {
    realtime.failMint(status, error);
    const before = realtime.failures.length;
    await expectMisconfigured(start, realtimeServer, { model: "gpt-realtime", status }, "realtime_session");
    expect(realtime.failures.length).toBe(before + 3);
    const admin = await start(world.admin);
    expect(admin.body.error.provider.message).toMatch(said);
    expect(admin.body.error.provider.requestId).toBe(realtime.failures.at(-1)!.requestId);
  });

  it.each([429, 500])("HTTP %i: try again in a moment", async (status) => {
    realtime.failMint(status);
    await expectTryAgain(start, status);
  });

  it("mints again once the provider does", async () => {
    realtime.failMint(null);
    const answer = await start(world.viewer);
    expect(answer.status).toBe(200);
    expect(answer.body.clientSecret).toMatch(/^ek_/);
  });
});

describe("turns: transcription and the model", () => {
  let people: Record<"admin" | "member" | "viewer", Person>;
  // the same people, signed in on the turns server
  beforeAll(async () => {
    people = {
      admin: { ...world.admin, cookie: await signIn(turnServer.url, world.admin.email) },
      member: { ...world.member, cookie: await signIn(turnServer.url, world.member.email) },
      viewer: { ...world.viewer, cookie: await signIn(turnServer.url, world.viewer.email) },
    };
  });
  const turn = (person: Person) =>
    post(turnServer.url, "/api/voice/turn", Object.values(people).find((p) => p.id === person.id)!.cookie, {
      brand: world.brand.shortId,
      audio: silence(),
      history: [],
    });

  it.each([
    [400, { code: "invalid_function_parameters", message: SCHEMA_MESSAGE }],
    [401, { message: `Incorrect API key provided: ${KEY}.` }],
    [404, {}],
  ])("the model answers HTTP %i: misconfigured, tell an admin", async (status, error) => {
    next = { failWith: status, error };
    await expectMisconfigured(turn, turnServer, { model: "scripted-model", status }, "chat");
    const admin = await turn(world.admin);
    expect(admin.body.error.provider.requestId).toBe(model.failures.at(-1)!.requestId);
  });

  it.each([429, 500])(
    "the model answers HTTP %i: try again in a moment",
    async (status) => {
      next = { failWith: status };
      await expectTryAgain(turn, status);
    },
    60_000,
  );

  it("a server without /audio/transcriptions: misconfigured, naming the transcription model", async () => {
    next = { text: "Hello." };
    audio.audio = false;
    try {
      await expectMisconfigured(turn, turnServer, { model: "scripted-whisper", status: 404 }, "transcription");
    } finally {
      audio.audio = true;
    }
    const answered = await turn(world.viewer);
    expect(answered.status).toBe(200);
    expect(answered.body.reply).toBe("Hello.");
  });
});
