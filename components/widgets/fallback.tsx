"use client";
// Capabilities without a widget of their own (the brand voice) and unknown widget names: the data
// as readable text, with headings and lists.
import { WidgetFrame } from "./frame";
import { ReadableData } from "./readable";
import { errorOf, isRecord, okData, type WidgetProps } from "./types";
import { VoiceCard } from "./voice";

export function FallbackWidget(props: WidgetProps) {
  const { capabilityId, envelope } = props;
  // the voice keeps the specification's "no widget", read as text, with each line's source on demand
  if (capabilityId === "brand.soul.read") return <VoiceCard {...props} />;
  const data = okData(envelope);
  const done = isRecord(data) && data.ok === true && Object.keys(data).length <= 3;
  return (
    <WidgetFrame name="fallback" capabilityId={capabilityId} error={errorOf(envelope)}>
      {data === undefined ? (
        <p className="widget-working">Working…</p>
      ) : done ? (
        <p>Done.</p>
      ) : (
        <ReadableData value={data} />
      )}
    </WidgetFrame>
  );
}
