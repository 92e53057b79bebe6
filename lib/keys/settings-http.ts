// The settings pages' routes (keys, connected apps, OAuth consent): the signed-in person's route
// (lib/auth/person-route.ts), writes only from this service's own pages, and the answer as
// { ok: true, data } like the API door's.
import "server-only";
import type { z } from "zod";
import { personRoute, type PersonCall } from "../auth/person-route";

const BODY_LIMIT = 64 * 1024;
const SIGN_IN_TO = "manage your keys";

/** A read: the person's own records. */
export const settingsRead = (work: (call: PersonCall<undefined>) => Promise<unknown>) =>
  personRoute({ origin: false, signInTo: SIGN_IN_TO }, async (call) => ({ ok: true, data: await work(call) }));

/** A change without a body (a revocation). */
export const settingsChange = (work: (call: PersonCall<undefined>) => Promise<unknown>) =>
  personRoute({ origin: "page", signInTo: SIGN_IN_TO }, async (call) => ({ ok: true, data: await work(call) }));

/** A change with a JSON object body matching `schema`. */
export const settingsWrite = <S extends z.ZodType>(
  schema: S,
  work: (call: PersonCall<z.output<S>>) => Promise<unknown>,
) =>
  personRoute({ origin: "page", signInTo: SIGN_IN_TO, body: { limit: BODY_LIMIT, schema } }, async (call) => ({
    ok: true,
    data: await work(call),
  }));
