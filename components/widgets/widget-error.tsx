import type { EnvelopeError } from "./types";
import { errorSentences } from "./error-text";

/** An error from a capability, shown inside the widget that asked for it. */
export function WidgetError({ error }: { error: EnvelopeError }) {
  const [headline, ...details] = errorSentences(error);
  return (
    <div className="widget-error" data-testid="widget-error" role="alert" data-code={error.code}>
      <p className="widget-error-headline">{headline}</p>
      {details.length > 0 && (
        <ul>
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
