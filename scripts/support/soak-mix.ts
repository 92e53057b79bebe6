// The request mix of scripts/bench-soak.ts: one autocannon request list per kind of call, each
// with its share of the total rate. Writes carry what a real client would: fresh question keys,
// an idempotencyKey per answer, the brand's current revision, and the confirmation round trip
// of brand.profile.update. A 409 `revision_conflict` (another writer won the race) or
// `confirmation_required` (the first half of a confirmed write) is expected; any other non-2xx
// is an error.
import { randomUUID } from "node:crypto";
import type autocannon from "autocannon";

export type Kind = { name: string; share: number; requests: autocannon.Request[] };
export type Tally = { expected409: number; unexpected: Record<string, number> };
type Context = Record<string, any>;

const EXPECTED_409 = new Set(["revision_conflict", "confirmation_required"]);

export function soakMix(brand: string, pendingQuestions: string[], tallies: Map<string, Tally>): Kind[] {
  let revision = 1;
  let serial = 0;
  const read = (body: Record<string, unknown>): autocannon.Request[] => [{ body: JSON.stringify({ brand, ...body }) }];

  const kinds: Kind[] = [
    { name: "kit.read", share: 0.25, requests: read({}) },
    { name: "library.search", share: 0.15, requests: read({ query: "menu", limit: 20 }) },
    { name: "brand.overview", share: 0.15, requests: read({}) },
    { name: "questions.list", share: 0.15, requests: read({ limit: 20 }) },
    {
      name: "questions.ask",
      share: 0.1,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              brand,
              questions: [
                {
                  key: `soak.q${serial++}.${randomUUID().slice(0, 8)}`,
                  question: "What do you roast this week?",
                  options: ["Ethiopia", "Colombia"],
                  scope: "genome",
                },
              ],
            }),
          }),
          onResponse: (status, body) => void (status === 200 && pendingQuestions.push(...JSON.parse(body).data.ids)),
        },
      ],
    },
    {
      name: "questions.answer",
      share: 0.1,
      requests: [
        {
          setupRequest: (request) => {
            const questionId = pendingQuestions.shift() ?? randomUUID(); // none left: an unknown id, counted as an error
            return {
              ...request,
              body: JSON.stringify({
                brand,
                questionId,
                expectedRevision: 1,
                action: "answer",
                answer: "Ethiopia, washed",
                idempotencyKey: randomUUID(),
              }),
            };
          },
        },
      ],
    },
    {
      // each update is two calls: the proposal (409 confirmation_required with a token), then the call with it
      name: "brand.profile.update",
      share: 0.1,
      requests: [
        {
          setupRequest: (request, context: Context) => {
            context.input = { brand, expectedRevision: revision, city: `Soak ${serial++}` };
            context.token = undefined;
            return { ...request, body: JSON.stringify(context.input) };
          },
          onResponse: (status, body, context: Context) => {
            const error = status === 409 ? JSON.parse(body).error : undefined;
            if (error?.code === "confirmation_required") context.token = error.confirmationToken;
            if (error?.code === "revision_conflict") revision = error.currentRevision;
          },
        },
        {
          setupRequest: (request, context: Context) => ({
            ...request,
            body: JSON.stringify({ ...context.input, confirmationToken: context.token }),
          }),
          onResponse: (status, body) => {
            if (status === 200) revision = Math.max(revision, JSON.parse(body).data.revision);
            const error = status === 409 ? JSON.parse(body).error : undefined;
            if (error?.code === "revision_conflict") revision = error.currentRevision;
          },
        },
      ],
    },
  ];
  for (const kind of kinds) tallied(kind, tallies);
  return kinds;
}

/** Wraps each request's onResponse to count expected 409s and every other non-2xx by status and code. */
function tallied(kind: Kind, tallies: Map<string, Tally>): void {
  const tally: Tally = { expected409: 0, unexpected: {} };
  tallies.set(kind.name, tally);
  kind.requests = kind.requests.map((request) => ({
    path: `/api/v1/${kind.name}`,
    ...request,
    onResponse: (status, body, context, headers) => {
      if (status >= 300) {
        const code = safeCode(body);
        if (status === 409 && EXPECTED_409.has(code)) tally.expected409++;
        else tally.unexpected[`${status} ${code}`] = (tally.unexpected[`${status} ${code}`] ?? 0) + 1;
      }
      (request.onResponse as ((...args: unknown[]) => void) | undefined)?.(status, body, context, headers);
    },
  }));
}

function safeCode(body: string): string {
  try {
    return JSON.parse(body).error?.code ?? "?";
  } catch {
    return "not-json";
  }
}
