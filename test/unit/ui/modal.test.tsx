import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { emit, EVENTS } from '../../../shared/events';
import { $openModals, closeModal, openModal } from '../../../shared/stores/modals';
import { Modal } from '../../../shared/ui/Modal';

function Page({ required }: { required?: boolean }) {
  return (
    <>
      <button onClick={() => openModal('demo')}>Open</button>
      <Modal id="demo" title="Choose your region" required={required}>
        <a href="/first">First</a>
        <button>Last</button>
      </Modal>
    </>
  );
}

function openWithButton() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  act(() => void fireEvent.click(opener));
  return opener;
}

const dialog = () => document.querySelector('dialog')!;

describe('Modal', () => {
  it('opens by id, is labelled by its title, and the focus lands on that title', () => {
    render(<Page />);
    expect(dialog().open).toBe(false);
    openWithButton();
    expect(dialog().open).toBe(true);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    const labelledBy = dialog().getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelledBy)!.textContent).toBe('Choose your region');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose your region' }));
  });

  it('the close icon closes it and the focus goes straight back to the opener, not through the page', () => {
    render(<Page />);
    const opener = openWithButton();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    const moves: (Element | null)[] = [];
    close.addEventListener('blur', (event) => moves.push(event.relatedTarget as Element | null));
    act(() => void fireEvent.click(close));
    expect(dialog().open).toBe(false);
    expect($openModals.get()).toEqual([]);
    expect(document.activeElement).toBe(opener);
    // The control left while it still was in the page, for the opener: one focus change a reader hears.
    expect(moves).toEqual([opener]);
  });

  it('Escape (the dialog cancel event) and a backdrop click close it; a click inside does not', () => {
    render(<Page />);
    openWithButton();
    act(() => void fireEvent.click(screen.getByRole('link', { name: 'First' })));
    expect(dialog().open).toBe(true);
    act(() => void fireEvent(dialog(), new Event('cancel', { cancelable: true })));
    expect(dialog().open).toBe(false);
    openWithButton();
    act(() => void fireEvent.click(dialog()));
    expect(dialog().open).toBe(false);
  });

  it('a required modal ignores Escape and the backdrop and has no close icon', () => {
    render(<Page required />);
    openWithButton();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => void fireEvent(dialog(), new Event('cancel', { cancelable: true })));
    act(() => void fireEvent.click(dialog()));
    expect(dialog().open).toBe(true);
    act(() => closeModal('demo')); // closing by id still works
    expect(dialog().open).toBe(false);
  });

  it('traps Tab inside the dialog', () => {
    render(<Page />);
    openWithButton();
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('Shift+Tab from the focused title stays inside (it goes to the last control)', () => {
    render(<Page />);
    openWithButton();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));
  });

  it('opens and closes from the documented window events', () => {
    render(<Page />);
    act(() => emit(EVENTS.modalOpen, { id: 'demo' }));
    expect(dialog().open).toBe(true);
    act(() => emit(EVENTS.modalClose, { id: 'demo' }));
    expect(dialog().open).toBe(false);
    // Legacy code may send junk: ignored.
    act(() => void window.dispatchEvent(new CustomEvent(EVENTS.modalOpen, { detail: 'demo' })));
    expect(dialog().open).toBe(false);
  });

  // The added dialog after a quick-add (shared/stores/cart-add.ts): the new one opens, the old one closes a frame later.
  const replace = (from: string, to: string) => {
    openModal(to);
    requestAnimationFrame(() => setTimeout(() => closeModal(from)));
  };
  const Replacing = () => (
    <>
      <button onClick={() => openModal('first')}>Open</button>
      <Modal id="first" title="Add to Cart">
        <button onClick={() => replace('first', 'second')}>Add</button>
      </Modal>
      <Modal id="second" title="Product added to your cart!">
        <a href="/cart">View Cart</a>
      </Modal>
    </>
  );

  it('a modal opened in place of another has the focus before the other leaves, and gives it back to the first opener', async () => {
    render(<Replacing />);
    const opener = openWithButton();
    const add = screen.getByRole('button', { name: 'Add' });
    add.focus();
    const moves: Element[] = [];
    document.addEventListener('focusin', (event) => moves.push(event.target as Element));
    act(() => void fireEvent.click(add));
    const [first, second] = [...document.querySelectorAll('dialog')];
    const title = screen.getByRole('heading', { name: 'Product added to your cart!' });
    // The old dialog is still there as the focus moves into the new one: Orca hears the move (docs/development.md).
    expect(document.activeElement).toBe(title);
    expect(first!.open).toBe(true);
    await waitFor(() => expect(first!.open).toBe(false));
    expect($openModals.get()).toEqual(['second']);
    expect(moves).toEqual([title]); // one move: never back to the opener on the way
    act(() => void fireEvent(second!, new Event('cancel', { cancelable: true })));
    expect(document.activeElement).toBe(opener);
  });

  it('the old dialog leaving never takes the focus out of the new one, even when the focus was on no control as the new one opened', async () => {
    render(<Replacing />);
    const opener = openWithButton();
    // Safari focuses no button on a click; a click on the dialog's text leaves the focus on the body too.
    (document.activeElement as HTMLElement).blur();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    const [first, second] = [...document.querySelectorAll('dialog')];
    const title = screen.getByRole('heading', { name: 'Product added to your cart!' });
    expect(document.activeElement).toBe(title);
    await waitFor(() => expect(first!.open).toBe(false));
    expect(document.activeElement).toBe(title); // not the page behind the open dialog
    act(() => void fireEvent(second!, new Event('cancel', { cancelable: true })));
    expect(document.activeElement).toBe(opener);
  });
});
