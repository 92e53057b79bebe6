// The one classification of a failed model call (lib/assistant/provider-failure.ts), on the errors
// the AI SDK really throws: a refusal is permanent, load and silence pass; what the provider said
// is kept bounded and without anything key-like.
import { describe, expect, it } from "vitest";
import { APICallError, generateText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { classifyProviderFailure } from "../../lib/assistant/provider-failure";

const KEY = "sk-proj-unitTestKey0123456789";

function refusal(
  status: number | undefined,
  error: Record<string, unknown> | string | null,
  headers: Record<string, string> = {},
) {
  return new APICallError({
    message: "the SDK's message",
    url: "https://user:secret@api.example/v1/chat/completions?api-version=1",
    requestBodyValues: { model: "m", tools: [] },
    statusCode: status,
    responseHeaders: headers,
    responseBody: typeof error === "string" ? error : error === null ? undefined : JSON.stringify({ error }),
  });
}

const classify = (error: unknown) => classifyProviderFailure(error, "gpt-test", [KEY]);

describe("a failed model call, classified", () => {
  it.each([
    [400, "invalid_function_parameters"],
    [401, "invalid_api_key"],
    [403, "unsupported_country_region_territory"],
    [404, "model_not_found"],
    [422, "unprocessable"],
  ])("HTTP %i %s is a misconfiguration, with the provider's code, message and request id", (status, code) => {
    const failure = classify(
      refusal(
        status,
        { message: `refused: ${code}`, type: "invalid_request_error", code },
        { "x-request-id": "req_abc" },
      ),
    );
    expect(failure).toEqual({
      kind: "misconfigured",
      report: { model: "gpt-test", status, code, message: `refused: ${code}`, requestId: "req_abc" },
      url: "https://api.example/v1/chat/completions",
    });
  });

  it.each([408, 409, 429, 500, 502, 503])("HTTP %i passes: try again", (status) => {
    expect(classify(refusal(status, { message: "busy", type: "server_error", code: null })).kind).toBe("transient");
  });

  it("OpenAI's 429 insufficient_quota is billing, not load: permanent", () => {
    const failure = classify(
      refusal(429, {
        message: "You exceeded your current quota",
        type: "insufficient_quota",
        code: "insufficient_quota",
      }),
    );
    expect(failure.kind).toBe("misconfigured");
    expect(failure.report.code).toBe("insufficient_quota");
  });

  it("the type stands for a missing code; another provider's request-id header is read too", () => {
    const failure = classify(
      refusal(400, { message: "bad", type: "invalid_request_error" }, { "request-id": "req_other" }),
    );
    expect(failure.report).toMatchObject({ code: "invalid_request_error", requestId: "req_other" });
  });

  it("a body that is not OpenAI's (an HTML error page) falls back to the SDK's message", () => {
    expect(classify(refusal(502, "<html>Bad gateway</html>")).report).toEqual({
      model: "gpt-test",
      status: 502,
      message: "the SDK's message",
    });
  });

  it("no answer at all (no connection, a timeout) passes", () => {
    const unreachable = new APICallError({
      message: "Cannot connect to API: connect ECONNREFUSED 127.0.0.1:9",
      url: "http://127.0.0.1:9/v1",
      requestBodyValues: {},
      isRetryable: true,
    });
    expect(classify(unreachable)).toMatchObject({
      kind: "transient",
      report: { message: "Cannot connect to API: connect ECONNREFUSED 127.0.0.1:9" },
    });
    expect(classify(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toEqual({
      kind: "transient",
      report: { model: "gpt-test", message: "no answer before the timeout" },
    });
    expect(classify({ message: "stream error event", type: "server_error" }).report.message).toBe("stream error event");
  });

  it("reads the last try inside the SDK's RetryError", async () => {
    let calls = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        calls++;
        // retry-after-ms 0: the SDK tries again at once
        throw refusal(
          500,
          { message: `down ${calls}`, type: "server_error" },
          { "x-request-id": `req_${calls}`, "retry-after-ms": "0" },
        );
      },
    });
    const thrown = await generateText({ model, prompt: "hi", maxRetries: 2 }).catch((error: unknown) => error);
    expect((thrown as Error).name).toBe("AI_RetryError");
    expect(classify(thrown)).toMatchObject({
      kind: "transient",
      report: { status: 500, message: "down 3", requestId: "req_3" },
    });
  });

  it("never repeats the key, a key-shaped token or a bearer token, and bounds the message", () => {
    const echoed = classify(
      refusal(401, {
        message: `Incorrect API key provided: ${KEY}; also sk-other_1234567890 and ek_abcdef123456; Authorization: Bearer abc.def`,
        code: "invalid_api_key",
      }),
    );
    expect(echoed.report.message).toBe(
      "Incorrect API key provided: [key]; also [key] and [key]; Authorization: Bearer [key]",
    );
    const long = classify(refusal(400, { message: "x".repeat(5000) }));
    expect(long.report.message).toHaveLength(500);
    expect(long.report.message.endsWith("…")).toBe(true);
  });
});
