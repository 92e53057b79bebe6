// info.description of the document: what holds for every operation, said once.
export const guide = `
Every capability of the service is one \`POST /api/v1/<capability id>\` with a JSON body. This
document is generated from the capability registry when the server starts, so it lists exactly the
capabilities this server serves on the API door.

## Calling

- **Key**: \`Authorization: Bearer bop_…\` (a personal key; its scopes and brand list limit it).
- **Body**: a JSON object (\`Content-Type: application/json\`, at most 1 MiB) holding the capability's
  own input plus the envelope fields \`brand\` (short id or UUID; every capability except
  \`brands.list\`) and, for writes that need confirmation, \`confirmationToken\`. Unknown fields are
  rejected (\`invalid_input\` naming them).
- **Success**: \`200 { "ok": true, "data": … }\`. Writes answer \`data: { ok: true, id?, revision? }\`.
- **Errors**: \`{ "ok": false, "error": { "code", "message", "requestId", … } }\` with the status of
  its code. Checks run in this order: key (401), rate limit (429), capability id (404), scope
  (403 \`insufficient_scope\`), input (422), brand access and role (403 \`forbidden\`), brand open
  for writes (409 \`brand_not_operational\`), confirmation (409), execution. Other methods than POST
  answer 405 with \`Allow: POST\`.
- **Headers**: every response carries \`X-Request-Id\` (yours echoed when it is at most 128
  characters of \`[A-Za-z0-9._-]\`); once the key is known, \`RateLimit-Limit\`,
  \`RateLimit-Remaining\` and \`RateLimit-Reset\`; 429 and 503 carry \`Retry-After\` (seconds).

## Confirmation flow

Writes marked \`x-confirmation: true\` change something a person should approve. Send the call; it
answers **409 \`confirmation_required\`** with a \`summary\` (one sentence saying exactly what will
change), a \`confirmationToken\` and \`expiresAt\`. Nothing has been written yet. Show the summary to
the person; to go ahead, send **the same body again with \`confirmationToken\`**. The token is bound
to your key, the brand, the capability and the exact input, lasts 10 minutes and is consumed by its
first use; a token that is expired, used or bound to another call gets a new 409 with a new token.
Checks that can only fail (a missing record, a duplicate, a stale revision) are made before a token
is issued, so you are never asked to confirm a call that must fail.

## Retrying writes (Idempotency-Key)

Every write takes an optional \`Idempotency-Key\` header (1 to 255 printable ASCII characters; a
UUID is a good choice). Send a new key for each intended write and the same key when you retry it
(after a timeout or a reset connection). Keys are kept 24 hours per caller and brand:
- the same key with the same body (\`confirmationToken\` aside) gets the **first call's final answer
  again**, status and body, with \`Idempotent-Replayed: true\`, and nothing is written twice; final
  answers are successes and the refusals of the write itself (404, 409 \`revision_conflict\`, 422);
- the same key with another body or another capability is **422 \`idempotency_key_reused\`**;
- while the first call still runs, **409 \`idempotency_key_in_use\`** with \`Retry-After\`;
- answers a retry can change are not kept: \`confirmation_required\` (send the same key with the
  token: that call runs), 429 and 5xx. A call cut off by a crash runs again once its claim lapses.
Reads ignore the header.

## Revision flow (optimistic concurrency)

Records that change in place carry a \`revision\` (an integer): \`brand.overview\` returns the genome
revision and \`questions.list\` each question's. Writes to them require \`expectedRevision\`: the
revision you read. If the record changed since, the write answers **409 \`revision_conflict\`** with
\`currentRevision\`; read again, decide, and retry with the new revision. A successful write answers
the new \`revision\`.
`.trim();
