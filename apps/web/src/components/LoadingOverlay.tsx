export function LoadingOverlay({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="blink">{text}</span>
    </div>
  );
}
