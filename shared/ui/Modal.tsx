/**
 * The generic modal of spec §2/§4, on the native `<dialog>`, opened in the
 * top layer as a manual popover (where the browser has popovers; else
 * `showModal()`). Not `showModal()` everywhere: it makes every other element
 * of the page inert, and that is one style recalc of the whole page in the
 * tap's task (289 elements against the dialog's 29 on the demo category
 * page, 75 ms against 9 on a busy machine). What it gave is done here:
 * - open and close by id (`$openModals`, the modal-open/-close events);
 * - `aria-modal`: the rest of the page is hidden from screen readers;
 * - the backdrop takes the pointer; it and the close icon close it, unless `required`;
 * - Escape closes it, unless `required`;
 * - focus moves to its title (an alert dialog's: to its answer), Tab stays
 *   inside, and focus returns to the opener (docs/development.md, Accessibility);
 * - it says `announce()` messages while it is the top dialog (shared/ui/LiveRegion).
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $openModals, closeModal } from '../stores/modals';
import { LiveRegion } from './LiveRegion';
import { useMounted } from './use-page-id';

export interface ModalProps {
  id: string;
  title: ReactNode;
  children: ReactNode;
  /** A required modal ignores backdrop clicks, Escape and has no close icon. */
  required?: boolean;
  /** Called after the modal closed, whatever closed it. */
  onClose?: () => void;
  size?: 'sm' | 'md' | 'lg';
  /** Element to focus first, for an alert dialog's answer; default: the title, so that every reader says it. */
  initialFocus?: string;
  /** 'alertdialog' for an urgent message that needs an answer (with `describedBy`, the message's id). */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

/** Manual popovers: the top layer without an inert page (Chrome 114, Firefox 125, Safari 17). */
const popovers = typeof HTMLElement === 'function' && 'showPopover' in HTMLElement.prototype;
const isShown = (dialog: HTMLDialogElement) => dialog.open || (popovers && dialog.matches(':popover-open'));
function hide(dialog: HTMLDialogElement) {
  if (dialog.open) dialog.close();
  else if (popovers && dialog.matches(':popover-open')) dialog.hidePopover();
}

/** Each open dialog's opener (null: none to give the focus back to); not open: absent. */
const openers = new WeakMap<HTMLDialogElement, HTMLElement | null>();

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ id, title, children, required, onClose, size = 'md', initialFocus, role, describedBy }: ModalProps) {
  // Not in the render that hydrates the server's closed dialog: one opened before the island woke
  // (Sign in tapped while the page wakes) opens right after, or React finds the panel missing from the HTML.
  const mounted = useMounted();
  const open = useStore($openModals).includes(id) && mounted;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Not useId(): Preact numbers ids per root, so two islands' modals would share one.
  const titleId = `sfw-modal-${id}-title`;

  // A layout effect: focus moves in the same task as the store change, not a frame later.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open || isShown(dialog)) return;
    const opener = document.activeElement;
    openers.set(dialog, opener instanceof HTMLElement ? opener : null);
    // The title, not a control: Orca names no dialog around a focused link, NVDA none around a focused dialog.
    const first = (initialFocus && dialog.querySelector<HTMLElement>(initialFocus)) || document.getElementById(titleId);
    // Showing a dialog focuses its autofocus element, else its first control (the close icon): one move, not two.
    if (first) first.autofocus = true;
    if (popovers) {
      // Set here, not rendered: the server's HTML (no popover there) hydrates as it is.
      dialog.popover = 'manual';
      dialog.showPopover();
    } else dialog.showModal();
    first?.focus();
  }, [open, initialFocus]);

  // Closing: in the store's own call, before React removes the panel, so the focus moves
  // straight from a live element to the opener (never through the body), as the one change a reader hears.
  // Also when the browser closed the dialog itself (Chrome ignores a cancelled Escape without fresh user activation).
  useLayoutEffect(
    () =>
      $openModals.listen((ids) => {
        const dialog = dialogRef.current;
        if (ids.includes(id) || !dialog || !openers.has(dialog)) return;
        const opener = openers.get(dialog)!;
        openers.delete(dialog);
        // The focus is in another open dialog (the added dialog after a quick-add, shared/stores/cart-add.ts): it keeps it,
        // and when it was opened from this one (or from no control: Safari focuses no clicked button), gives it back to this one's opener.
        const top = document.activeElement?.closest('dialog');
        const handedOn = !!top && top !== dialog && openers.has(top);
        const theirs = handedOn ? openers.get(top) : undefined;
        if (handedOn && (!theirs || theirs === document.body || dialog.contains(theirs))) openers.set(top, opener);
        hide(dialog); // the browser gives the focus back itself; else:
        if (!handedOn && opener?.isConnected && document.activeElement !== opener) opener.focus();
        onCloseRef.current?.();
      }),
    [id],
  );

  // Closing the island while open must not leave an inert page or a backdrop behind.
  useEffect(
    () => () => {
      if (dialogRef.current) hide(dialogRef.current);
    },
    [],
  );

  const requestClose = () => {
    if (!required) closeModal(id);
  };

  return (
    <dialog
      ref={dialogRef}
      className={`sfw-modal sfw-modal--${size}`}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      data-modal-id={id}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; we decide.
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Closed behind our back (e.g. a repeated Escape): keep the store in step.
        if ($openModals.get().includes(id)) {
          if (required) dialogRef.current?.showModal();
          else closeModal(id);
        }
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) requestClose(); // the backdrop
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // A popover has no cancel event: Escape is ours (a modal dialog's would come as one).
          event.preventDefault();
          requestClose();
        }
        trapTab(event, dialogRef.current);
      }}
    >
      {open && (
        <section className="sfw-modal__panel">
          {/* Not a <header>: with the page not inert, that would be a second banner landmark. */}
          <div className="sfw-modal__header">
            <h2 id={titleId} className="sfw-modal__title" tabIndex={-1}>
              {title}
            </h2>
            {!required && (
              <button type="button" className="sfw-modal__close" aria-label="Close" onClick={requestClose}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          <div className="sfw-modal__body">{children}</div>
        </section>
      )}
      {/* While it is open, the page's live region is hidden: announcements come from here. */}
      <LiveRegion scope={id} />
    </dialog>
  );
}

function trapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, dialog: HTMLDialogElement | null) {
  if (event.key !== 'Tab' || !dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return event.preventDefault();
  const active = document.activeElement;
  // By place, not by index: the focused title (or message) is in no list, and Shift+Tab from it must not leave.
  const before = (el: HTMLElement) => active !== null && !!(el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  const wrap = !dialog.contains(active) || (event.shiftKey ? !focusable.some(before) : focusable.every((el) => el === active || before(el)));
  if (!wrap) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}
