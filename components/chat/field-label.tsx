// A field's label in a slash form: its name in words, and "required" when it is. The word is for
// the eye (hidden from assistive technology, which hears aria-required on the control instead).
export function Label({ text, required }: { text: string; required: boolean }) {
  return (
    <span>
      {text}
      {required && (
        <span className="badge field-required" aria-hidden="true">
          required
        </span>
      )}
    </span>
  );
}
