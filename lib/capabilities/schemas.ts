// Field types shared by several capabilities, with the spec's exact bounds.
import { z } from "zod";

/** Integers are bounded to the signed 53-bit safe range (spec, Resources). */
export const int53 = () => z.int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

export const uuid = () => z.uuid();

const lowerCase = (id: string) => id.toLowerCase();

/**
 * An input naming a stored record by its UUID. UUIDs compare case-insensitively (RFC 9562) but
 * the databases compare text exactly and every stored id is lower case, so an id is lower-cased
 * here, once, before any lookup: an upper-case id finds its record on every door.
 */
export const recordId = () => z.uuid().overwrite(lowerCase);

/** An id the server handed out (uploadId): any text is accepted, so an unknown one is not_found. */
export const handedOutId = () => z.string().min(1).max(100).overwrite(lowerCase);

export const cursorField = () =>
  z.string().max(512).describe("Opaque cursor taken from a previous response's nextCursor").optional();

export const limitField = (fallback = 20) =>
  z.int().min(1).max(50).default(fallback).describe(`Page size, 1 to 50 (default ${fallback})`);

export const nextCursor = () =>
  z.string().nullable().describe("Pass as cursor to get the next page; null on the last page");

// the format says it; zod would repeat it as a 400-character pattern in every published schema
export const timestamp = () =>
  z.iso.datetime().meta({ pattern: undefined }).describe("ISO 8601 UTC timestamp with milliseconds");

/** Write outputs are literally { ok: true, id?, revision? } (docs/design.md, calls). */
export const writeOutput = z
  .object({
    ok: z.literal(true),
    id: z.string().optional().describe("Id of the record written"),
    revision: int53().optional().describe("The record's new revision"),
  })
  .strict();

export const expectedRevision = () =>
  int53().describe("The revision you read; the write fails with revision_conflict if the record changed since");
