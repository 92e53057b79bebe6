"use client";
// The catalogue facts the server sent the page (title, widget name, confirmation), for widgets that
// render another capability's result (confirm → palette) or a capability's title.
import { createContext, useContext, type ReactNode } from "react";
import type { CatalogueEntry } from "./types";

const CatalogueContext = createContext<ReadonlyMap<string, CatalogueEntry>>(new Map());

export function CatalogueProvider({ entries, children }: { entries: readonly CatalogueEntry[]; children: ReactNode }) {
  return (
    <CatalogueContext.Provider value={new Map(entries.map((entry) => [entry.id, entry]))}>
      {children}
    </CatalogueContext.Provider>
  );
}

export function useCatalogue(): ReadonlyMap<string, CatalogueEntry> {
  return useContext(CatalogueContext);
}

export function useCapability(id: string): CatalogueEntry | undefined {
  return useContext(CatalogueContext).get(id);
}
