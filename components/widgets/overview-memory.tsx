"use client";
// The overview's way into the brand's memory: "3 waiting for review" opens memory.list
// (the pending declarations when some wait, else all of it) as the conversation's next card, or
// in place where there is no conversation. Offered only to those whose role allows memory.list.
import { useState } from "react";
import { useWidgetCalls } from "./calls";
import { useCanRun } from "./may";
import { MemoryWidget } from "./memory";
import type { ToolEnvelope } from "./types";

export function OverviewMemory({ brand, pending }: { brand: string; pending: number }) {
  const { act } = useWidgetCalls();
  const canRun = useCanRun();
  const [opened, setOpened] = useState<{ input: Record<string, unknown>; envelope: ToolEnvelope } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canRun("memory.list")) return null;
  const input = pending > 0 ? { status: "pending" as const } : {};
  async function open() {
    setBusy(true);
    const { envelope, kept } = await act("memory.list", brand, input, { widget: "memory" });
    setBusy(false);
    if (!kept) setOpened({ input, envelope });
  }
  return (
    <div className="widget-more">
      <button
        type="button"
        className="button small"
        data-testid="overview-memory"
        disabled={busy}
        onClick={() => void open()}
      >
        {pending > 0 ? `Review the brand's memory (${pending} waiting)` : "Open the brand's memory"}
      </button>
      {opened && (
        <MemoryWidget capabilityId="memory.list" input={opened.input} envelope={opened.envelope} brand={brand} />
      )}
    </div>
  );
}
