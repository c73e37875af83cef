/**
 * What the shopper types into an island's server HTML while it hydrates:
 * hydration may reset a controlled field to the component's state, so the
 * island (island.tsx) follows each field's text from the start of hydration
 * (the last `input` the browser sent, so every key typed meanwhile counts)
 * and, once it listens, puts back the text of a field that lost it,
 * announced with an `input` event as if typed then, the caret after it.
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
        if (!field.isConnected || field.value === value) continue;
        const focused = document.activeElement === field;
        // The prototype's setter: React tracks values set on the element itself and would ignore the event.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
        if (focused && field.type !== 'number') field.setSelectionRange(value.length, value.length);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    },
  };
}
