"use client";
// Cards that show the truth, by one mechanism: a write's result names the record it touched (kind,
// id, revision, removed: lib/contract/define.ts `Touched`), and the page counts the touches. A
// read's card reads again after every touch (fresh.tsx: a list may gain the new record as well as
// change the ones it shows, so the card cannot tell from the ids it shows alone); what a card loads
// for one record (useAsset, the questions of a choice card) reads again when that record is
// touched. Nothing patches a card by hand.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { TOUCHED_CHANNEL } from "@/lib/connections/channel";
import type { ToolEnvelope } from "./types";
import { isRecord } from "./types";

type Touched = NonNullable<Extract<ToolEnvelope, { status: "ok" }>["touched"]>;
type Truth = {
  touches: ReadonlyMap<string, { count: number; removed: boolean }>;
  total: number;
  /** undos and redos so far: each may have written back any record, so every record counts them */
  undos: number;
  touch(touched: Touched): void;
};

// outside a page that keeps the truth (an MCP host), nothing is counted and cards read once
const TruthContext = createContext<Truth>({ touches: new Map(), total: 0, undos: 0, touch: () => undefined });

export function TruthProvider({ children }: { children: ReactNode }) {
  const [touches, setTouches] = useState<ReadonlyMap<string, { count: number; removed: boolean }>>(new Map());
  const [undos, setUndos] = useState(0);
  const touch = useCallback((touched: Touched) => {
    // activity.undo names the entry it took back, not the records it wrote back (a file, a question,
    // a member): those are whatever the undone write changed
    if (touched.kind === "activity") setUndos((count) => count + 1);
    setTouches((current) =>
      new Map(current).set(touched.id.toLowerCase(), {
        count: (current.get(touched.id.toLowerCase())?.count ?? 0) + 1,
        removed: touched.removed === true,
      }),
    );
  }, []);
  useTouchesFromOtherTabs(touch);
  const total = useMemo(() => [...touches.values()].reduce((sum, entry) => sum + entry.count, 0), [touches]);
  const value = useMemo(() => ({ touches, total, undos, touch }), [touches, total, undos, touch]);
  return <TruthContext.Provider value={value}>{children}</TruthContext.Provider>;
}

/** A write finished in another tab of this browser (a connection completed at its callback) counts here too. */
function useTouchesFromOtherTabs(touch: (touched: Touched) => void) {
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(TOUCHED_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (isRecord(data) && data.kind === "connection" && typeof data.id === "string" && data.id.length <= 64)
        touch({ kind: "connection", id: data.id });
    };
    return () => channel.close();
  }, [touch]);
}

/** Reports what an envelope's write touched; the envelope is handed back unchanged. */
export function useReportTouched() {
  const { touch } = useContext(TruthContext);
  return useCallback(
    <E extends ToolEnvelope>(envelope: E): E => {
      if (envelope.status === "ok" && envelope.touched) touch(envelope.touched);
      return envelope;
    },
    [touch],
  );
}

/** Whether this activity entry was taken back on this page (activity.undo touches the entry it undid). */
export function useUndone(activityId: string | undefined): boolean {
  const { touches } = useContext(TruthContext);
  return activityId !== undefined && (touches.get(activityId.toLowerCase())?.count ?? 0) > 0;
}

/** How many writes touched a record so far on this page (a read's card reads again when it grows). */
export const useAnyTouch = () => useContext(TruthContext).total;

/**
 * How often the records of these ids were touched (a card reads again when it grows), undos
 * included, and whether one was removed.
 */
export function useTouches(ids: Iterable<string>): { version: number; removed: boolean } {
  const { touches, undos } = useContext(TruthContext);
  let version = undos;
  let removed = false;
  for (const id of ids) {
    const touch = touches.get(id.toLowerCase());
    version += touch?.count ?? 0;
    removed ||= touch?.removed ?? false;
  }
  return { version, removed };
}

// the fields by which a card names the records it shows
const ID_FIELDS = new Set(["id", "assetId", "questionId", "connectionId"]);

/** The record ids a card shows: every id field of its input and its data (lists' rows included). */
export function idsShown(...values: unknown[]): string[] {
  const ids = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, item] of Object.entries(value)) {
      if (ID_FIELDS.has(key) && typeof item === "string") ids.add(item.toLowerCase());
      else walk(item, depth + 1);
    }
  };
  for (const value of values) walk(value, 0);
  return [...ids].sort();
}
