import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $announcements, activeScope, claimAnnouncements, PAGE_SCOPE, releaseAnnouncements } from '../stores/announcer';
import { $openModals } from '../stores/modals';

/**
 * The live region of one scope (the page, or a dialog by its id) for
 * `announce()`: it says a message when it is the region a screen reader can
 * reach, and only then. Each message is a new paragraph in a region that was
 * already there and exposed, so it is read once, on its own.
 */
export function LiveRegion({ scope }: { scope: string }) {
  const all = useStore($announcements);
  const modals = useStore($openModals);
  const active = (modals[modals.length - 1] ?? PAGE_SCOPE) === scope;
  const waiting = all.some((a) => a.scope === null);

  useEffect(() => {
    if (!active) return releaseAnnouncements(scope);
    if (!waiting) return;
    // A frame later: a dialog that just opened is in the accessibility tree before its region speaks.
    const frame = requestAnimationFrame(() => {
      if (activeScope() === scope) claimAnnouncements(scope);
    });
    return () => cancelAnimationFrame(frame);
  }, [active, waiting, scope]);

  return (
    <div className="sfw-visually-hidden" role="status" aria-atomic="false" aria-relevant="additions text">
      {all
        .filter((a) => a.scope === scope)
        .map((a) => (
          <p key={a.id}>{a.text}</p>
        ))}
    </div>
  );
}
