// What the assistant does with the brand's genome: its system prompt carries the
// approved voice, and the scripted model proposes a guardrail through genome_entries_propose; the
// proposal waits for a person (the model's own review is parked for the person's click).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { lastUserText, trailingToolResults, type ChatRequest, type Turn } from "../../scripts/support/scripted-openai";
import { chat, decide, makeChatWorld, startModelServer, toolParts, userMessage } from "./support";

const LEARNT = "Never quote prices in a post.";

function script(request: ChatRequest): Turn {
  const results = trailingToolResults(request) as { status?: string }[];
  if (results.length > 0) return { text: `Result: ${results.map((result) => result.status).join(", ")}.` };
  const said = lastUserText(request);
  if (said.includes("remember the rule"))
    return {
      toolCalls: [
        {
          name: "genome_entries_propose",
          arguments: { entries: [{ kind: "guardrail", value: LEARNT }], note: "Said in the chat" },
        },
      ],
    };
  const approve = /approve (\S+) at (\d+)/.exec(said);
  if (approve)
    return {
      toolCalls: [
        {
          name: "genome_entries_review",
          arguments: { entryId: approve[1], decision: "approve", expectedRevision: Number(approve[2]) },
        },
      ],
    };
  return { text: "Hello." };
}

let env: Awaited<ReturnType<typeof startModelServer>>;
let world: Awaited<ReturnType<typeof makeChatWorld>>;

beforeAll(async () => {
  env = await startModelServer(script);
  world = await makeChatWorld(env.url);
  const entry = (kind: string, value: string, status: string, position: number) => ({
    id: randomUUID(),
    brandId: world.brand.id,
    kind,
    value,
    status,
    position,
  });
  await db().genomeEntry.createMany({
    data: [
      entry("voice", "Plain words, short sentences.", "approved", 0),
      entry("guardrail", "Never promise health benefits.", "approved", 1),
      entry("vocabulary_avoid", "artisanal", "approved", 2),
      entry("guardrail", "PROPOSED only: mention discounts.", "proposed", 3),
      entry("guardrail", "RETIRED: use exclamation marks.", "retired", 4),
    ],
  });
});
afterAll(async () => env?.stop());

const systemOfLastRequest = () => String(env.model.requests.at(-1)!.messages[0]!.content);
const soulGuardrails = async () =>
  (await db().genomeEntry.findMany({ where: { brandId: world.brand.id, kind: "guardrail", status: "approved" } })).map(
    (entry) => entry.value,
  );

describe("the assistant and the genome", () => {
  it("the system prompt carries the approved voice, and nothing proposed or retired", async () => {
    const turn = await chat(env.url, world.viewer, world.brand.shortId, [userMessage("hi")]);
    expect(turn.status).toBe(200);
    const system = systemOfLastRequest();
    expect(system).toContain("Plain words, short sentences.");
    expect(system).toContain("Never promise health benefits.");
    expect(system).toContain("artisanal");
    expect(system).not.toContain("PROPOSED only");
    expect(system).not.toContain("RETIRED");
  });

  it("the model proposes a guardrail it learnt: a proposal from the assistant, outside the voice, waiting for a person", async () => {
    const turn = await chat(env.url, world.member, world.brand.shortId, [
      userMessage("please remember the rule about prices"),
    ]);
    expect(turn.status).toBe(200);
    const [part] = toolParts(turn.reply);
    expect(part).toMatchObject({ type: "tool-genome_entries_propose", output: { status: "ok" } });
    const [id] = part.output.data.ids as string[];
    const stored = await db().genomeEntry.findUniqueOrThrow({ where: { id: id! } });
    expect(stored).toMatchObject({
      value: LEARNT,
      status: "proposed",
      sourceKind: "assistant",
      proposedById: world.member.id,
      reviewedById: null,
    });
    expect(await soulGuardrails()).not.toContain(LEARNT);
    expect(systemOfLastRequest()).not.toContain(LEARNT);

    // the model asking to approve it is parked for the admin's click: nothing changes until a person confirms
    const revision = (await db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } })).revision;
    const asked = await chat(env.url, world.admin, world.brand.shortId, [userMessage(`approve ${id} at ${revision}`)]);
    const [review] = toolParts(asked.reply);
    expect(review.type).toBe("tool-genome_entries_review");
    expect(review.output).toMatchObject({ status: "awaiting_confirmation" });
    expect(review.output.summary).toBe(`The voice gains the guardrail: "${LEARNT}".`);
    expect((await db().genomeEntry.findUniqueOrThrow({ where: { id: id! } })).status).toBe("proposed");

    const confirmed = await decide(env.url, world.admin, review.output.pendingId, "confirm");
    expect(confirmed.body).toMatchObject({ status: "ok", capabilityId: "genome.entries.review" });
    expect(await soulGuardrails()).toContain(LEARNT);
    await chat(env.url, world.viewer, world.brand.shortId, [userMessage("hi again")]);
    expect(systemOfLastRequest()).toContain(LEARNT);
  });

  it("a viewer's model has no genome_entries_propose tool", async () => {
    await chat(env.url, world.viewer, world.brand.shortId, [userMessage("hi")]);
    const tools = (env.model.requests.at(-1)!.tools ?? []).map((tool) => tool.function.name);
    expect(tools).toContain("genome_read");
    expect(tools).not.toContain("genome_entries_propose");
    expect(tools).not.toContain("genome_entries_review");
  });
});
