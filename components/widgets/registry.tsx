"use client";
// The one place a widget is chosen: by the capability's widget name (catalogue data from the server),
// the confirm widget while a write awaits the person, and the readable fallback for everything else.
import type { ComponentType } from "react";
import { ActionLinkWidget } from "./action-link";
import { CarouselWidget } from "./carousel";
import { CheckWidget } from "./check";
import { ChoiceWidget } from "./choice";
import { ConfirmWidget } from "./confirm";
import { FallbackWidget } from "./fallback";
import { FileRequestWidget } from "./file-request";
import { GenomeWidget } from "./genome";
import { ListWidget } from "./list";
import { MemoryWidget } from "./memory";
import { NestedWidgetProvider } from "./nested";
import { PaletteWidget } from "./palette";
import { RecordWidget } from "./record";
import { ReviewWidget } from "./review";
import { TeamWidget } from "./team";
import type { WidgetName, WidgetProps } from "./types";

const WIDGETS: Record<WidgetName, ComponentType<WidgetProps>> = {
  choice: ChoiceWidget,
  carousel: CarouselWidget,
  palette: PaletteWidget,
  confirm: ConfirmWidget,
  record: RecordWidget,
  list: ListWidget,
  review: ReviewWidget,
  file_request: FileRequestWidget,
  action_link: ActionLinkWidget,
  check: CheckWidget,
  genome: GenomeWidget,
  team: TeamWidget,
  memory: MemoryWidget,
  fallback: FallbackWidget,
};

export function widgetFor(widget: string | null | undefined, envelope: WidgetProps["envelope"]): WidgetName {
  if (isDecision(envelope)) return "confirm";
  return widget && widget in WIDGETS ? (widget as WidgetName) : "fallback";
}

/**
 * A pending write is always the person's decision, whatever the capability, and so is what became
 * of it: cancelled, confirmed (its result keeps the sentence confirmed) or expired unconfirmed.
 */
function isDecision(envelope: WidgetProps["envelope"]): boolean {
  if (envelope?.status === "awaiting_confirmation" || envelope?.status === "declined") return true;
  if (envelope?.status === "ok") return envelope.summary !== undefined;
  return envelope?.status === "error" && envelope.error.code === "confirmation_required";
}

export function Widget({ widget, ...props }: WidgetProps & { widget: string | null | undefined }) {
  const Component = WIDGETS[widgetFor(widget, props.envelope)];
  // a widget that shows another one by name (confirm: the result) chooses it here too (nested.tsx)
  return (
    <NestedWidgetProvider value={Widget}>
      <Component {...props} />
    </NestedWidgetProvider>
  );
}
