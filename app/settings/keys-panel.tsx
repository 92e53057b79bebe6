"use client";
import { useState } from "react";
import type { KeyView } from "@/lib/keys/keys";
import { CreateKeyForm, type BrandChoice } from "./create-key-form";
import { KeyList } from "./key-list";
import { KeyShown } from "./key-shown";

export function KeysPanel({
  initialKeys,
  brands,
  scopes,
}: {
  initialKeys: KeyView[];
  brands: BrandChoice[];
  scopes: string[];
}) {
  const [keys, setKeys] = useState(initialKeys);
  const [shown, setShown] = useState<{ key: string; prefix: string } | null>(null);

  async function reload() {
    const response = await fetch("/api/settings/keys", { cache: "no-store" });
    if (response.ok) setKeys((await response.json()).data.items);
  }

  return (
    <>
      <section aria-labelledby="create-key">
        <h2 id="create-key" style={{ fontSize: 19 }}>
          Create a key
        </h2>
        {shown ? (
          <KeyShown value={shown.key} onDone={() => setShown(null)} />
        ) : (
          <CreateKeyForm
            brands={brands}
            scopes={scopes}
            onCreated={async (created) => {
              setShown(created);
              await reload();
            }}
          />
        )}
      </section>
      <section aria-labelledby="your-keys">
        <h2 id="your-keys" style={{ fontSize: 19, marginTop: 32 }}>
          Your keys
        </h2>
        <KeyList keys={keys} onChanged={reload} />
      </section>
    </>
  );
}
