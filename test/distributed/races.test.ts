// The races several instances must survive (one revision, one token, one idempotency key, one
// quota, one upload, one colour), on SQLite and on PostgreSQL: the suite's server runs on the profile's
// database and targets.ts starts a server on the other one (PostgreSQL only where its binaries are).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/world";
import { bytes, put } from "../support/files";
import { postgresSkip, target, type Database, type Target } from "./targets";
import { world } from "./targets";

const PARALLEL = 20;
const inParallel = <T>(n: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => run(i)));
const codes = (responses: { status: number; body: any }[]) =>
  responses.map((r) => (r.body?.ok ? "ok" : (r.body?.error?.code ?? String(r.status)))).sort();

for (const database of ["sqlite", "postgresql"] as Database[]) {
  const skip = database === "postgresql" ? postgresSkip : undefined;
  describe.skipIf(skip)(`races on ${database}${skip ? ` (skipped: ${skip})` : ""}`, () => {
    let t: Target;
    beforeAll(async () => {
      t = await target(database);
    });
    afterAll(async () => {
      await t?.stop();
    });
    const api = (capability: string, key: string, body: unknown) => call(capability, key, body, { url: t.url });

    it(`${PARALLEL} parallel brand.profile.update on one expectedRevision: one succeeds, ${PARALLEL - 1} revision_conflict`, async () => {
      const w = await world(t);
      const revision = (await api("brand.overview", w.admin.key, { brand: w.brand.shortId })).body.data
        .revision as number;
      // one token per call (each bound to its own input), then all confirmed calls at once
      const tokens = await inParallel(PARALLEL, async (i) => {
        const first = await api("brand.profile.update", w.admin.key, {
          brand: w.brand.shortId,
          expectedRevision: revision,
          city: `City ${i}`,
        });
        expect(first.body.error?.code).toBe("confirmation_required");
        return first.body.error.confirmationToken as string;
      });
      const results = await inParallel(PARALLEL, (i) =>
        api("brand.profile.update", w.admin.key, {
          brand: w.brand.shortId,
          expectedRevision: revision,
          city: `City ${i}`,
          confirmationToken: tokens[i],
        }),
      );
      expect(codes(results)).toEqual(["ok", ...Array(PARALLEL - 1).fill("revision_conflict")]);
      const winner = results.findIndex((r) => r.body.ok);
      const genome = await t.clients.writer.genome.findUnique({ where: { brandId: w.brand.id } });
      expect(genome).toMatchObject({ revision: revision + 1, city: `City ${winner}` });
    });

    it(`${PARALLEL} parallel uses of one confirmation token: exactly one write`, async () => {
      const w = await world(t);
      const body = { brand: w.brand.shortId, name: "Race Red", hex: "#D62828", role: "accent" };
      const first = await api("kit.colors.add", w.admin.key, body);
      expect(first.body.error?.code, JSON.stringify(first.body)).toBe("confirmation_required");
      const token = first.body.error.confirmationToken as string;
      const results = await inParallel(PARALLEL, () =>
        api("kit.colors.add", w.admin.key, { ...body, confirmationToken: token }),
      );
      // the losers find the token spent: as for a call without one, the colour is then a duplicate
      // (the winner committed) or needs a new confirmation (a fresh token); never a second write
      const all = codes(results);
      expect(all.filter((code) => code === "ok")).toHaveLength(1);
      expect(
        all.every((code) => ["ok", "invalid_input", "confirmation_required"].includes(code)),
        all.join(),
      ).toBe(true);
      expect(await t.clients.writer.kitColor.count({ where: { brandId: w.brand.id, hex: "#D62828" } })).toBe(1);
    });

    it(`${PARALLEL} parallel questions.answer with one idempotencyKey: applied once, every body the same`, async () => {
      const w = await world(t);
      const asked = await api("questions.ask", w.member.key, {
        brand: w.brand.shortId,
        questions: [{ key: "race.tagline", question: "Tagline?", options: [], scope: "genome" }],
      });
      const questionId = asked.body.data.ids[0] as string;
      const body = {
        brand: w.brand.shortId,
        questionId,
        expectedRevision: 1,
        action: "answer",
        answer: "Roasted this week",
        idempotencyKey: "race-1",
      };
      const results = await inParallel(PARALLEL, () => api("questions.answer", w.member.key, body));
      expect(codes(results)).toEqual(Array(PARALLEL).fill("ok"));
      // the same data; the replayed copy comes from a JSON column, whose key order PostgreSQL's jsonb normalises
      for (const result of results) expect(result.body.data).toEqual(results[0]!.body.data);
      expect(await t.clients.writer.memoryDeclaration.count({ where: { brandId: w.brand.id, questionId } })).toBe(1);
      expect((await t.clients.writer.question.findUnique({ where: { id: questionId } }))?.revision).toBe(2);
    });

    it("parallel uploads cannot together exceed the storage quota", async () => {
      const w = await world(t, { plan: "free" });
      const file = bytes.sized(1000);
      const room = 3; // the brand has room for exactly three more files of this size
      const limit = 1024 ** 3;
      await t.clients.writer.asset.create({
        data: {
          id: crypto.randomUUID(),
          brandId: w.brand.id,
          name: "filler.bin",
          nameKey: "filler.bin",
          mimeType: "text/plain",
          type: "document",
          status: "approved",
          sizeBytes: BigInt(limit - room * file.length),
          storageKey: `filler/${crypto.randomUUID()}`,
        },
      });
      const count = 10;
      // each start holds its declared size against the quota: the race is decided there
      const starts = await inParallel(count, (i) =>
        api("library.upload.create", w.admin.key, {
          brand: w.brand.shortId,
          step: "start",
          fileName: `f${i}.txt`,
          mimeType: "text/plain",
          sizeBytes: file.length,
        }),
      );
      expect(codes(starts)).toEqual([...Array(count - room).fill("invalid_input"), ...Array(room).fill("ok")]);
      expect(starts.filter((r) => !r.body.ok).every((r) => r.body.error.reason === "storage_quota_exceeded")).toBe(
        true,
      );
      const accepted = starts
        .filter((r) => r.body.ok)
        .map((r) => r.body.data as { uploadId: string; uploadUrl: string });
      for (const { uploadUrl } of accepted) expect((await put(uploadUrl, file, "text/plain")).status).toBe(200);
      const results = await inParallel(room, (i) =>
        api("library.upload.create", w.admin.key, {
          brand: w.brand.shortId,
          step: "complete",
          uploadId: accepted[i]!.uploadId,
        }),
      );
      expect(codes(results)).toEqual(Array(room).fill("ok"));
      const used = await t.clients.writer.asset.aggregate({
        where: { brandId: w.brand.id },
        _sum: { sizeBytes: true },
      });
      expect(Number(used._sum.sizeBytes)).toBe(limit);
    });

    it("parallel completes of one upload register one file and give the same answer", async () => {
      const w = await world(t);
      const file = bytes.png();
      const started = await api("library.upload.create", w.admin.key, {
        brand: w.brand.shortId,
        step: "start",
        fileName: "logo.png",
        mimeType: "image/png",
        sizeBytes: file.length,
      });
      expect((await put(started.body.data.uploadUrl, file, "image/png")).status).toBe(200);
      const results = await inParallel(8, () =>
        api("library.upload.create", w.admin.key, {
          brand: w.brand.shortId,
          step: "complete",
          uploadId: started.body.data.uploadId,
        }),
      );
      expect(codes(results)).toEqual(Array(8).fill("ok"));
      expect(new Set(results.map((r) => r.body.data.assetId)).size).toBe(1);
      expect(await t.clients.writer.asset.count({ where: { uploadId: started.body.data.uploadId } })).toBe(1);
    });

    it("parallel adds of one colour: one is written, the others are duplicates, never a 500", async () => {
      const w = await world(t);
      const body = { brand: w.brand.shortId, name: "Twin", hex: "#123456", role: "primary" };
      const tokens = await inParallel(
        10,
        async () => (await api("kit.colors.add", w.admin.key, body)).body.error.confirmationToken as string,
      );
      const results = await inParallel(10, (i) =>
        api("kit.colors.add", w.admin.key, { ...body, confirmationToken: tokens[i] }),
      );
      expect(codes(results)).toEqual([...Array(9).fill("invalid_input"), "ok"]);
      expect(await t.clients.writer.kitColor.count({ where: { brandId: w.brand.id, hex: "#123456" } })).toBe(1);
    });
  });
}
