"use client";
// How one widget shows another by its name (the confirm card shows a write's result with the
// capability's own widget) without importing the registry, which imports every widget: the
// registry's Widget provides itself here, and a widget reads it back.
import { createContext, useContext, type ComponentType } from "react";
import { FallbackWidget } from "./fallback";
import type { WidgetProps } from "./types";

export type NamedWidget = ComponentType<WidgetProps & { widget: string | null | undefined }>;

// every widget is rendered inside the registry's Widget, which provides it; outside one, the readable fallback
const NestedWidget = createContext<NamedWidget>(({ widget: _widget, ...props }) => <FallbackWidget {...props} />);

export const NestedWidgetProvider = NestedWidget.Provider;
export const useNestedWidget = () => useContext(NestedWidget);
