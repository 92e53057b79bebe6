"use client";
// Who confirms a key's or an app's changes, as two choices in words (lib/keys/confirm-by.ts): the
// key form and the consent page ask it; the stored value is never shown.
import type { ConfirmBy, CONFIRM_BY_WORDS } from "@/lib/keys/confirm-by";

type Props = {
  legend: string;
  words: (typeof CONFIRM_BY_WORDS)["key" | "app"];
  /** the choices in the order shown: the one offered first is the one preselected */
  order: readonly ConfirmBy[];
  value: ConfirmBy;
  onChange: (value: ConfirmBy) => void;
  /** the radios' test ids are `${testId}-${value}` */
  testId: string;
};

export function ConfirmByChoice({ legend, words, order, value, onChange, testId }: Props) {
  return (
    <fieldset
      style={{
        border: "1px solid var(--line)",
        borderRadius: 8,
        minWidth: 0,
        display: "grid",
        gap: 8,
        padding: "10px 14px",
      }}
      data-testid={testId}
    >
      <legend>{legend}</legend>
      {order.map((choice) => (
        <label
          key={choice}
          style={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: 8, alignItems: "start", cursor: "pointer" }}
        >
          <input
            type="radio"
            name={testId}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
            data-testid={`${testId}-${choice}`}
            style={{ marginTop: 5 }}
          />
          <span style={{ overflowWrap: "anywhere" }}>
            <strong style={{ fontWeight: 600 }}>{words[choice].choice}</strong>{" "}
            <span style={{ color: "var(--muted)" }}>{words[choice].detail}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
