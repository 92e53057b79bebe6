"use client";
// The next page of a list result, asked for by the person (carousel, list): the same capability
// with the same input and the result's cursor, the rows appended below the first page's.
import { useState } from "react";
import { useWidgetCalls } from "./calls";
import { errorOf, type EnvelopeError, type ToolEnvelope, type WidgetProps } from "./types";
import { WidgetError } from "./widget-error";

export type Page<T> = { items: T[]; nextCursor?: string | null };

/** `pageOf` reads one page from an answer: the widget's own reading of its capability's output */
export function usePages<T>(
  { capabilityId, input, envelope, brand }: Pick<WidgetProps, "capabilityId" | "input" | "envelope" | "brand">,
  pageOf: (answer: ToolEnvelope | null) => Page<T> | undefined,
) {
  const { run } = useWidgetCalls();
  const first = pageOf(envelope);
  // the pages loaded after the first, once there are any: then their cursor is the one that counts
  const [more, setMore] = useState<{ items: T[]; nextCursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<EnvelopeError | undefined>();
  const nextCursor = more ? more.nextCursor : (first?.nextCursor ?? null);
  async function loadMore() {
    if (!nextCursor) return;
    setLoading(true);
    const next = await run(capabilityId, brand, { ...input, cursor: nextCursor });
    setLoading(false);
    const page = pageOf(next);
    setError(errorOf(next));
    if (page)
      setMore((now) => ({ items: [...(now?.items ?? []), ...page.items], nextCursor: page.nextCursor ?? null }));
  }
  return { items: [...(first?.items ?? []), ...(more?.items ?? [])], nextCursor, loadMore, loading, error };
}

export function NextPage({
  pages,
}: {
  pages: Pick<ReturnType<typeof usePages>, "nextCursor" | "loadMore" | "loading" | "error">;
}) {
  if (!pages.nextCursor && !pages.error) return null;
  return (
    <div className="widget-more">
      {pages.error && <WidgetError error={pages.error} />}
      {pages.nextCursor && (
        <button
          type="button"
          className="button small"
          data-testid="next-page"
          disabled={pages.loading}
          onClick={() => void pages.loadMore()}
        >
          {pages.loading ? "Loading…" : "Next page"}
        </button>
      )}
    </div>
  );
}
