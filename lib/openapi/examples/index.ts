// The examples of each operation: the walk's requests (chain.ts) with the values handed out to it
// filled in, and the answers recorded from a run (recorded.json), as OpenAPI example objects.
// Recorded on http://localhost:3000 (`npm start`'s address); shown with this server's APP_URL.
import { EXAMPLE_WALK } from "./chain";
import { fillHandedOut, type Answer } from "./handed-out";
import recordedJson from "./recorded.json";

type ExampleObject = { summary: string; value: unknown };
export type OperationExamples = {
  request: Record<string, ExampleObject>;
  responses: Map<number, Record<string, ExampleObject>>;
};

const RECORDED_ORIGIN = "http://localhost:3000";
const recorded = new Map(Object.entries(recordedJson as Record<string, Answer>));

export function examplesOf(capabilityId: string, baseUrl: string): OperationExamples {
  const examples: OperationExamples = { request: {}, responses: new Map() };
  const here = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(RECORDED_ORIGIN, baseUrl)) as unknown;
  for (const example of EXAMPLE_WALK.filter((call) => call.capability === capabilityId)) {
    const answer = recorded.get(example.name);
    if (!answer) continue; // a walk step not recorded yet: the examples test says so
    examples.request[example.name] = {
      summary: example.summary,
      value: here(fillHandedOut(example.request, recorded)),
    };
    const byStatus = examples.responses.get(answer.status) ?? {};
    byStatus[example.name] = { summary: example.summary, value: here(answer.body) };
    examples.responses.set(answer.status, byStatus);
  }
  return examples;
}
