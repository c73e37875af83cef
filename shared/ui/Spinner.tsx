/** A spinner. With a label it is announced; without, it is decoration. */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' }) {
  return label ? (
    <span className={`sfw-spinner sfw-spinner--${size}`} role="status">
      <span className="sfw-visually-hidden">{label}</span>
    </span>
  ) : (
    <span className={`sfw-spinner sfw-spinner--${size}`} aria-hidden="true" />
  );
}

/** The full-screen loading overlay shown during cart changes (spec §2). */
export function LoadingOverlay({ label = 'Updating your cart…' }: { label?: string }) {
  return (
    <div className="sfw-loading-overlay" aria-busy="true">
      <Spinner label={label} />
    </div>
  );
}
