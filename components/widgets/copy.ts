// Copying a value where the Clipboard API is refused (an insecure origin, an embedding frame): the
// palette's HEX codes and a value shown once share it, so it sits apart from both widgets.
export function copyBySelection(text: string): boolean {
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
