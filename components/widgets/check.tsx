"use client";
// brand.check's answer in words: the verdict, each finding with the rule it comes from, the words
// concerned and what to do instead, and what was not judged. The review card shows the same
// findings before an admin approves a file (review-check.tsx).
import { Badge, WidgetFrame } from "./frame";
import { errorOf, okDataOf, type OutputOf, type WidgetProps } from "./types";

type Check = OutputOf<"brand.check">;
type Finding = Check["findings"][number];

export const VERDICT_WORDS: Record<Check["verdict"], { words: string; tone: string }> = {
  on_brand: { words: "On brand", tone: "pass" },
  needs_changes: { words: "Needs changes", tone: "warn" },
  off_brand: { words: "Off brand", tone: "fail" },
};

const SEVERITY_WORDS: Record<Finding["severity"], { words: string; tone: string }> = {
  error: { words: "Must change", tone: "fail" },
  warning: { words: "Should change", tone: "warn" },
  info: { words: "Note", tone: "muted" },
};

const RULE_WORDS: Record<Finding["rule"]["kind"], string> = {
  vocabulary_avoid: "Word to avoid",
  vocabulary_use: "The brand's words",
  brand_name: "Brand name",
  guardrail: "Guardrail",
  tone: "Tone of voice",
  channel_length: "Length for the channel",
  channel_links: "Links on the channel",
  color: "Colours",
  contrast: "Contrast",
  logo: "Logo",
  file: "The file",
};

export function CheckWidget({ capabilityId, envelope }: WidgetProps) {
  const check = okDataOf(envelope, "brand.check");
  return (
    <WidgetFrame
      name="check"
      capabilityId={capabilityId}
      error={errorOf(envelope)}
      aside={check ? <VerdictBadge verdict={check.verdict} /> : undefined}
    >
      {check && <CheckFindings check={check} />}
    </WidgetFrame>
  );
}

export function VerdictBadge({ verdict }: { verdict: Check["verdict"] }) {
  const { words, tone } = VERDICT_WORDS[verdict];
  return (
    <span data-testid="check-verdict" data-verdict={verdict}>
      <Badge tone={tone}>{words}</Badge>
    </span>
  );
}

export function CheckFindings({ check }: { check: Check }) {
  return (
    <div className="check" data-testid="check-findings">
      {check.findings.length === 0 ? (
        <p>Nothing found against the brand's voice{check.checkedAgainst.kitColors ? " or kit" : ""}.</p>
      ) : (
        <ul className="list">
          {check.findings.map((finding, index) => (
            <li
              className="list-row"
              key={`${finding.rule.kind}-${finding.rule.ref ?? ""}-${finding.excerpt ?? ""}-${index}`}
              data-testid="check-finding"
              data-severity={finding.severity}
            >
              <div className="list-main">
                <span className="list-title">{finding.message}</span>
                {finding.excerpt && <span className="list-details">“{finding.excerpt}”</span>}
                {finding.suggestion && <span className="list-details">{finding.suggestion}</span>}
                <span className="list-details">
                  {RULE_WORDS[finding.rule.kind]}
                  {finding.byModel ? " · judged by the assistant" : ""}
                </span>
              </div>
              <span className="list-badges">
                <Badge tone={SEVERITY_WORDS[finding.severity].tone}>{SEVERITY_WORDS[finding.severity].words}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
      {check.notChecked.length > 0 && (
        <p className="muted" data-testid="check-not-checked">
          Not checked:{" "}
          {check.notChecked.map((item) => `${RULE_WORDS[item.rule].toLowerCase()} (${item.reason})`).join("; ")}.
        </p>
      )}
    </div>
  );
}
