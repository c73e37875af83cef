/**
 * A `data-widget` hook as a template writes it, appended to the page:
 * `props` are serialised as JSON, `raw` is put in data-props as is.
 */
export function hook(widget: string, props?: unknown, raw?: string): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute('data-widget', widget);
  if (raw !== undefined) el.setAttribute('data-props', raw);
  else if (props !== undefined) el.setAttribute('data-props', JSON.stringify(props));
  document.body.append(el);
  return el;
}
