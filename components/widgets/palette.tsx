"use client";
// kit.read's colours (and, after kit.colors.add, the kit read again with the new colour marked):
// swatch, name, HEX, role, and contrast on white and on black with AA / AAA marks (a table, or one
// card per colour where the width is too narrow for six columns: globals.css); then the
// typography, logos and usage instructions the read returned.
import { useEffect, useState } from "react";
import { Badge, count, Empty, WidgetFrame } from "./frame";
import { normalizeHex } from "@/lib/capabilities/kit/shared/color";
import { contrastOf, level } from "./contrast";
import { useWidgetCalls } from "./calls";
import { errorOf, okData, okDataOf, type Answer, type OutputOf, type WidgetProps } from "./types";
import { valueInWords } from "./value-words";
import { ColorActions, type ColorEdits, useColorEdits } from "./palette-actions";
import { LogoActions, TypefaceActions } from "./kit-item-actions";
import { useAnyTouch } from "./truth";
import { copyBySelection } from "./copy";
import { logoPhrase } from "@/lib/words/value-words";

type Kit = OutputOf<"kit.read">;
type KitColor = NonNullable<Kit["colors"]>[number];
/** a colour as shown: the one just written has its role as typed and no contrast figures yet (computed here) */
type ShownColor = Omit<KitColor, "id" | "role" | "contrast"> & {
  id?: string;
  role: string;
  contrast?: KitColor["contrast"];
};
type ShownKit = Omit<Kit, "colors"> & { colors?: ShownColor[] };

export function PaletteWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { run } = useWidgetCalls();
  const read = okDataOf(envelope, "kit.read");
  const data = read ?? okDataOf(envelope, "kit.colors.add");
  const isKit = read !== undefined;
  // a write's output carries no colours: read the kit again to show where the new one landed, and
  // again after every later write on the page (a colour renamed or removed since: truth.tsx)
  const [reread, setReread] = useState<Answer<"kit.read"> | null>(null);
  const touches = useAnyTouch();
  useEffect(() => {
    if (!data || isKit) return;
    let stale = false;
    void run("kit.read", brand, { parts: ["colors"] }).then((answer) => !stale && setReread(answer));
    return () => {
      stale = true;
    };
  }, [data, isKit, brand, touches]);
  const added = !isKit && typeof input.hex === "string" ? normalizeHex(input.hex) : undefined;
  // until the kit is read again, the colour just written (exactly the confirmed input) stands alone
  const written: ShownKit | undefined =
    data && added && typeof input.name === "string"
      ? { colors: [{ name: input.name, hex: added, role: String(input.role ?? "unspecified") }] }
      : undefined;
  const kit: ShownKit | undefined = read ?? okData(reread) ?? written;
  const error = errorOf(envelope) ?? errorOf(reread);
  // Edit and Remove on each colour, for those who may
  const edits = useColorEdits(
    brand,
    Boolean(kit?.colors?.some((color) => color.id) || kit?.typography?.length || kit?.logos?.length),
  );
  const editable = edits.update || edits.remove;
  return (
    <WidgetFrame
      name="palette"
      capabilityId={isKit || !reread ? capabilityId : "kit.read"}
      error={error}
      aside={kit?.colors && kit !== written ? count(kit.colors.length, "colour") : undefined}
    >
      {!kit ? (
        <p className="widget-working">Loading the kit…</p>
      ) : (
        <>
          {kit.colors && kit.colors.length === 0 && <Empty>No approved colours in the kit yet.</Empty>}
          {kit.colors && kit.colors.length > 0 && (
            <table className="palette">
              <thead>
                <tr>
                  <th>
                    <span className="visually-hidden">Swatch</span>
                  </th>
                  <th>Colour</th>
                  <th>HEX</th>
                  <th>Role</th>
                  <th>On white</th>
                  <th>On black</th>
                  {editable && (
                    <th>
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {kit.colors.map((color) => (
                  <ColorRow
                    key={`${color.hex}-${color.role}`}
                    color={color}
                    added={color.hex === added && color.role === (input.role ?? "unspecified")}
                    actions={editable && brand ? { brand, edits } : undefined}
                  />
                ))}
              </tbody>
            </table>
          )}
          {kit === written && <p className="widget-working">Reading the rest of the kit…</p>}
          {kit.typography && kit.typography.length > 0 && (
            <div className="palette-type">
              <h4>Typography</h4>
              <ul>
                {kit.typography.map((font) => (
                  <li key={`${font.family}-${font.role}`}>
                    <strong>{font.family}</strong> · {valueInWords(font.role, "role")}
                    {font.weights.length > 0 && <span className="muted"> ({font.weights.join(", ")})</span>}
                    {brand && (
                      <>
                        {" "}
                        <TypefaceActions font={font} brand={brand} edits={edits} />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {kit.logos && kit.logos.length > 0 && (
            <div className="palette-type" data-testid="palette-logos">
              <h4>Logos</h4>
              <ul>
                {kit.logos.map((logo) => (
                  <li key={logo.assetId}>
                    <strong>{logo.name}</strong> · {logoPhrase(logo.form, logo.theme)}
                    {logo.primary && (
                      <>
                        {" "}
                        <Badge tone="pass">primary</Badge>
                      </>
                    )}
                    {brand && (
                      <>
                        {" "}
                        <LogoActions logo={logo} brand={brand} edits={edits} />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {kit.instructions && (
            <div className="palette-type" data-testid="palette-instructions">
              <h4>Usage instructions</h4>
              {Object.keys(kit.instructions).length === 0 ? (
                <Empty>No usage instructions written yet.</Empty>
              ) : (
                <dl>
                  {Object.entries(kit.instructions).map(([section, text]) => (
                    <div key={section}>
                      <dt>{valueInWords(section, "section")}</dt>
                      <dd style={{ whiteSpace: "pre-wrap", margin: "0 0 8px" }}>{text}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
          )}
        </>
      )}
    </WidgetFrame>
  );
}

function ColorRow({
  color,
  added,
  actions,
}: {
  color: ShownColor;
  added: boolean;
  actions?: { brand: string; edits: ColorEdits };
}) {
  const contrast = color.contrast ?? contrastOf(color.hex);
  return (
    <tr className={added ? "palette-added" : undefined} data-hex={color.hex}>
      <td>
        <span className="swatch" style={{ background: color.hex }} aria-hidden="true" />
      </td>
      <td className="palette-name">
        {color.name} {added && <Badge tone="new">new</Badge>}
      </td>
      <td data-label="HEX">
        <code>{color.hex}</code>
        <CopyHex hex={color.hex} />
      </td>
      <td data-label="Role">{valueInWords(color.role, "role")}</td>
      <td data-label="On white">
        <Contrast ratio={contrast.onWhite} background="#FFFFFF" hex={color.hex} />
      </td>
      <td data-label="On black">
        <Contrast ratio={contrast.onBlack} background="#000000" hex={color.hex} />
      </td>
      {actions && (
        <td className="palette-actions">
          {color.id && <ColorActions color={{ ...color, id: color.id }} brand={actions.brand} edits={actions.edits} />}
        </td>
      )}
    </tr>
  );
}

function Contrast({ ratio, background, hex }: { ratio: number; background: string; hex: string }) {
  const mark = level(ratio);
  return (
    <span className="contrast">
      <span className="contrast-sample" style={{ background, color: hex }} aria-hidden="true">
        Aa
      </span>
      <span>{ratio.toFixed(2)}:1</span>
      <Badge tone={mark === "fail" ? "fail" : "pass"}>{mark === "fail" ? "below AA" : mark}</Badge>
    </span>
  );
}

/**
 * Copies a HEX for the person: the clipboard API where the page may use it, else the selection
 * copy (a sandboxed MCP Apps frame may refuse the former); says which happened.
 */
function CopyHex({ hex }: { hex: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    const ok =
      (await navigator.clipboard?.writeText(hex).then(
        () => true,
        () => false,
      )) || copyBySelection(hex);
    setState(ok ? "copied" : "failed");
    setTimeout(() => setState("idle"), 1500);
  }
  return (
    <button
      type="button"
      className="button small copy-hex"
      data-testid={`copy-${hex}`}
      aria-label={`Copy ${hex}`}
      onClick={() => void copy()}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Select it" : "Copy"}
    </button>
  );
}
