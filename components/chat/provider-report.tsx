"use client";
// What a model provider answered when it refused a call, for a brand admin: the server adds it to
// the error only for an admin (lib/assistant/provider-failure.ts), so a member never receives it.
// Shown under the words of the chat's and Voice's errors, to quote to whoever runs the service.
import type { ProviderReport } from "@/lib/contract/errors";

export function ProviderReportView({ report }: { report: ProviderReport }) {
  return (
    <dl className="provider-report" data-testid="provider-report">
      <dt>Model</dt>
      <dd>
        <code>{report.model}</code>
      </dd>
      <dt>Provider answered</dt>
      <dd data-testid="provider-status">
        {report.status ? `HTTP ${report.status}` : "no answer"}
        {report.code ? ` · ${report.code}` : ""}
      </dd>
      <dt>Provider said</dt>
      <dd data-testid="provider-message">{report.message}</dd>
      {report.requestId && (
        <>
          <dt>Provider request id</dt>
          <dd>
            <code data-testid="provider-request-id">{report.requestId}</code>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The error body's provider report, when the server sent one (to an admin). */
export function providerReportOf(body: unknown): ProviderReport | undefined {
  const report = (body as { provider?: ProviderReport } | undefined)?.provider;
  return report && typeof report.model === "string" && typeof report.message === "string" ? report : undefined;
}
