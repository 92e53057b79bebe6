// What a person sees cut off or too small to tap, measured in the browser on EVERY element of a
// page or an MCP Apps frame (not only the page's own width):
// - clipped: an element whose content is wider than its box (scrollWidth > clientWidth), or taller
//   than a box that hides overflow, unless it is a deliberate sideways scroll container with a
//   visible cue (data-scroll-cue and a scrollbar that takes room); text cut with an ellipsis too;
// - small targets: a control under 24×24 CSS px (WCAG 2.2 AA 2.5.8); a checkbox or radio counts
//   with its label (a click on either works), and a link inside a sentence is exempt (2.5.8's inline
//   exception);
// - faint placeholders: placeholder text under 4.5:1 against what is behind it.
import type { Locator, Page } from "playwright-core";

export type LayoutProblems = { clipped: string[]; small: string[]; faint: string[] };

/** Everything wrong on `target` (a page, or a frame's `html` locator), in words. */
export async function layoutProblems(target: Page | Locator): Promise<LayoutProblems> {
  const root = "locator" in target && "goto" in target ? target.locator("html") : target;
  return root.evaluate((html) => {
    const document = html.ownerDocument;
    const view = document.defaultView!;
    const name = (element: Element) => {
      const id = element.getAttribute("data-testid") ?? element.id;
      const classes =
        typeof element.className === "string" ? element.className.trim().split(/\s+/).filter(Boolean).slice(0, 2) : [];
      return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ""}${classes.map((c) => `.${c}`).join("")}`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) &&
      element.getBoundingClientRect().width > 0;
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (!(element instanceof view.HTMLElement) || !shown(element)) continue;
      const style = view.getComputedStyle(element);
      // form fields scroll their own text; the visually-hidden pattern clips on purpose; inline
      // boxes have no scroll box to measure
      if (
        element.matches("input, textarea, select, .visually-hidden, option") ||
        style.display === "inline" ||
        style.display === "contents"
      )
        continue;
      const wide = element.scrollWidth - element.clientWidth;
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      const cue =
        element.hasAttribute("data-scroll-cue") &&
        element.offsetHeight -
          element.clientHeight -
          parseFloat(style.borderTopWidth) -
          parseFloat(style.borderBottomWidth) >
          0;
      if (wide > 1 && !(scrolls && cue))
        clipped.push(`${name(element)}: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
      const hides = style.overflowY === "hidden" || style.overflowY === "clip";
      // a deliberate clamp (the brand switcher's name in a phone's one-row header) whose whole text
      // is its title, word for word, is not cut off: anything else hidden still is
      const wholeInTitle =
        element.hasAttribute("data-whole-text-in-title") &&
        element.title.replace(/\s+/g, " ").trim() === (element.textContent ?? "").replace(/\s+/g, " ").trim();
      if (hides && element.scrollHeight - element.clientHeight > 1 && !wholeInTitle)
        clipped.push(`${name(element)}: ${element.scrollHeight} px tall in ${element.clientHeight} px, hidden`);
      if (style.textOverflow === "ellipsis" && wide > 0) clipped.push(`${name(element)}: text cut with an ellipsis`);
    }
    const small: string[] = [];
    const controls =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=option], [tabindex]:not([tabindex='-1'])";
    for (const element of document.querySelectorAll<HTMLElement>(controls)) {
      if (!shown(element) || (element as HTMLButtonElement).disabled) continue;
      const style = view.getComputedStyle(element);
      if (
        element.matches("a") &&
        style.display === "inline" &&
        (element.parentElement?.textContent ?? "").trim() !== (element.textContent ?? "").trim()
      )
        continue;
      const label = element.matches("input[type=checkbox], input[type=radio]") ? element.closest("label") : null;
      const box = (label ?? element).getBoundingClientRect();
      if (box.width < 23.5 || box.height < 23.5)
        small.push(
          `${name(element)} "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 30)}": ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    const faint: string[] = [];
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((v) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const behind = (element: Element | null): number[] => {
      for (let at = element; at; at = at.parentElement) {
        const color = rgb(view.getComputedStyle(at).backgroundColor);
        if (color.length === 3 || (color.length === 4 && color[3]! > 0)) return color.slice(0, 3);
      }
      return [255, 255, 255];
    };
    for (const field of document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]")) {
      if (!shown(field) || field.value !== "") continue;
      const [L1, L2] = [
        luminance(rgb(view.getComputedStyle(field, "::placeholder").color)),
        luminance(behind(field)),
      ].sort((a, b) => b - a);
      const ratio = (L1! + 0.05) / (L2! + 0.05);
      if (ratio < 4.5) faint.push(`${name(field)} "${field.placeholder}": ${ratio.toFixed(2)}:1`);
    }
    return { clipped, small, faint };
  });
}

/** Whether the placeholder of `field` fits its box whole (a placeholder cannot wrap usefully). */
export async function placeholderFits(field: Locator): Promise<{ text: string; needs: number; has: number }> {
  return field.evaluate((element: HTMLTextAreaElement | HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const has = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      text: element.placeholder,
      needs: Math.ceil(context.measureText(element.placeholder).width),
      has: Math.floor(has),
    };
  });
}
