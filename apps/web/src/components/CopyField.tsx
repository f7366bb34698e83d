import { useCopy } from './hooks';

/** A value with a copy button that shows a check mark for 2 seconds. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, copy] = useCopy();
  return (
    <div className="copy-field">
      <span className="copy-label">{label}</span>
      <code className="copy-value">{value}</code>
      <button type="button" className="btn btn-small" aria-label={`Copy ${label}`} onClick={() => copy(value)}>
        {copied ? '✓' : 'COPY'}
      </button>
    </div>
  );
}
