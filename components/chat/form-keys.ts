// The keyboard in a slash form: Tab stays in the form as in a dialog, Enter in a one-line field
// moves to the next field instead of running a half-filled form, Ctrl/Cmd+Enter runs it from every field (a list, a text area too).
import type { KeyboardEvent } from "react";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";

/** Tab stays in the form (from the last control to the first and back), as in a dialog. */
function tabStaysIn(event: KeyboardEvent<HTMLFormElement>): boolean {
  if (event.key !== "Tab") return false;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("input, select, textarea, button")].filter(
    (element) => !element.hasAttribute("disabled"),
  );
  const at = controls.indexOf(event.target as HTMLElement);
  const next = event.shiftKey
    ? at <= 0
      ? controls.at(-1)
      : undefined
    : at === controls.length - 1
      ? controls[0]
      : undefined;
  if (!next) return true;
  event.preventDefault();
  next.focus();
  return true;
}

/** Enter in a one-line field goes to the next field; Ctrl/Cmd+Enter runs the form. */
export function enterMovesOn(event: KeyboardEvent<HTMLFormElement>) {
  if (tabStaysIn(event) || ctrlEnterSubmits(event)) return;
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" || target.tagName !== "INPUT") return;
  event.preventDefault();
  const fields = [...event.currentTarget.querySelectorAll<HTMLElement>("input, select, textarea, button[type=submit]")];
  fields[fields.indexOf(target) + 1]?.focus();
}
