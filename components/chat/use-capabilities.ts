"use client";
// What this person may call in the selected brand, with input schemas (GET /api/assistant/capabilities).
import { useEffect, useState } from "react";
import type { EnvelopeError } from "@/components/widgets/types";
import type { JsonSchema } from "./schema-fields";

export type CallableCapability = {
  id: string;
  title: string;
  description: string;
  widget: string | null;
  confirmation: boolean;
  kind: "read" | "write";
  inputSchema: JsonSchema;
};

type State = { brand: string; items?: CallableCapability[]; error?: EnvelopeError };

export function useCapabilities(brand: string | null, enabled: boolean): State | undefined {
  const [state, setState] = useState<State>();
  useEffect(() => {
    if (!brand || !enabled || state?.brand === brand) return;
    let stale = false;
    void fetch(`/api/assistant/capabilities?brand=${encodeURIComponent(brand)}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as {
          items?: CallableCapability[];
          error?: EnvelopeError;
        };
        if (!stale)
          setState({
            brand,
            items: body.items,
            error: body.items
              ? undefined
              : (body.error ?? ({ code: "unavailable", message: `HTTP ${response.status}` } as EnvelopeError)),
          });
      })
      .catch(
        () => !stale && setState({ brand, error: { code: "unavailable", message: "unreachable" } as EnvelopeError }),
      );
    return () => {
      stale = true;
    };
  }, [brand, enabled, state?.brand]);
  return state?.brand === brand ? state : undefined;
}
