/** The one 'session expired' notice (DESIGN.md: 419 after one retry). */
export function SessionNotice() {
  return (
    <div className="sfw-session-notice" role="alert">
      <p>Your session has expired. Reload the page to continue; what you entered here stays until you do.</p>
      <button type="button" className="sfw-btn sfw-btn--primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </div>
  );
}
