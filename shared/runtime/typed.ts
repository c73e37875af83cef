/**
 * What the shopper types into an island's server HTML while it hydrates:
 * hydration may reset a controlled field to the component's state, so the
 * island (island.tsx) follows each field's text from the start of hydration
 * (the last `input` the browser sent, so every key typed meanwhile counts)
 * and, once it listens, announces the text of each field typed into with
 * an `input` event as if typed then (putting it back where hydration reset
 * it), the caret after it.
 */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', '']);
type Field = HTMLInputElement | HTMLTextAreaElement;

export function keepTyped(host: HTMLElement): { restore(): void; stop(): void } {
  const typed = new Map<Field, string>();
  const isText = (field: EventTarget | null): field is Field =>
    field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && TEXT_TYPES.has(field.type));
  for (const field of host.querySelectorAll('input, textarea')) {
    if (isText(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  const onInput = (event: Event) => {
    if (isText(event.target)) typed.set(event.target, event.target.value);
  };
  host.addEventListener('input', onInput, true);
  const stop = () => host.removeEventListener('input', onInput, true);
  return {
    stop,
    restore() {
      stop();
      for (const [field, value] of typed) {
        // Still on screen is not enough: the component's state began from the server's text, and its next render would put that back.
        if (!field.isConnected || (field.value === value && value === field.defaultValue)) continue;
        const focused = document.activeElement === field;
        // The element's own setter first (React's tracker then holds the server's text), then the prototype's,
        // which React does not track: the input event is news to it.
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
        if (focused && field.type !== 'number') field.setSelectionRange(value.length, value.length);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    },
  };
}
