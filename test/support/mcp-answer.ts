// A Streamable HTTP answer to a POSTed JSON-RPC request, read as a client must read it: the server
// may answer with one JSON body or with an event stream carrying the response (MCP 2025-06-18 and
// 2025-11-25, basic/transports, "Sending Messages to the Server": "The client MUST support both").
// The SDK's stateless fallback answers a 2025-era request on a stream, the fast path as JSON.

/** The JSON text of every message an answer carries: the body itself, or each event's data. */
export function messageTexts(type: string | null, text: string): string[] {
  if (type?.split(";")[0]?.trim() !== "text/event-stream") return [text];
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice("data:".length).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((data) => data.trim().length > 0);
}

/** The JSON text of the response (a result or an error with an id) an answer carries. */
export function responseText(type: string | null, text: string): string {
  const response = messageTexts(type, text).find((message) => {
    const parsed = JSON.parse(message) as Record<string, unknown>;
    return "id" in parsed && ("result" in parsed || "error" in parsed);
  });
  if (response === undefined) throw new Error(`no JSON-RPC response in this ${type} answer: ${text}`);
  return response;
}

/** The response an answer carries, parsed. */
export const responseOf = (type: string | null, text: string) => JSON.parse(responseText(type, text));

/** The media types a client that sent `Accept: application/json, text/event-stream` must read. */
export const ANSWER_TYPES = ["application/json", "text/event-stream"];
