// axe-core's serious and critical violations on a page as it is now, in words (the rules and tags
// e2e/accessibility.test.ts checks every page with), for tests of pages of their own.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: page as never })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}
