/**
 * What the shopper typed into an island's server HTML before it hydrated:
 * hydration resets a controlled field to the component's state, so the
 * island (island.tsx) reads the fields first and puts the text back once it
 * listens, announced with an `input` event as if typed then.
 */
export function keepTyped(host: HTMLElement): () => void {
  const typed = [...host.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => !['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(field.type) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  return () => {
    for (const { field, value } of typed) {
      if (!field.isConnected || field.value === value) continue;
      // The prototype's setter: React tracks values set on the element itself and would ignore the event.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}

