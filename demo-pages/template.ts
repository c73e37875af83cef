/**
 * The demo pages' templates (demo-pages/pages/*.html), filled as Blade fills
 * a view, with three forms of Blade's syntax and nothing else:
 *
 *   {{ name }}         the value, HTML-escaped as Blade's `{{ }}` (Laravel's e())
 *   {!! name !!}       the value as it is: HTML the renderer made safe
 *   {{-- comment --}}  left out of the page
 *
 * A name the values lack is an error (a typo in a template shows at once).
 * The files are read on every render: with `npm start`, an edited template
 * shows on the next reload.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** demo-pages/pages/, from this file in demo-pages/ (tests) and from its build in dist-demo/. */
const PAGES = join(dirname(fileURLToPath(import.meta.url)), '../demo-pages/pages');

/** Escapes text for HTML content and attribute values, as PHP's htmlspecialchars (ENT_QUOTES). */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** The text an attribute value stands for (the entities esc() and hand-written HTML use). */
function unescapeAttribute(value: string): string {
  return value.replace(/&(#\d+|amp|lt|gt|quot);/g, (_, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : { amp: '&', lt: '<', gt: '>', quot: '"' }[e]!,
  );
}

/** The widgets demo-pages/pages/<name>.html hooks. */
export function hooksOf(name: string): Set<string> {
  return new Set([...readFileSync(join(PAGES, `${name}.html`), 'utf8').matchAll(/data-widget="([\w-]+)"/g)].map((m) => m[1]!));
}

/** demo-pages/pages/<name>.html filled with `values`. */
export function fill(name: string, values: Record<string, string | number> = {}): string {
  const text = readFileSync(join(PAGES, `${name}.html`), 'utf8').replace(/\{\{--[\s\S]*?--\}\}\n?/g, '');
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{!!\s*(\w+)\s*!!\}/g, (_, escaped?: string, raw?: string) => {
    const key = (escaped ?? raw)!;
    if (!(key in values)) throw new Error(`demo-pages/pages/${name}.html: no value for ${key}`);
    return escaped ? esc(values[key]) : String(values[key]);
  });
}

/** An empty hook: `<tag data-widget="name" …></tag>`, its props in double or single quotes. */
const EMPTY_HOOK = /<([a-z]+) data-widget="([a-z0-9-]+)"([^>]*)><\/\1>/g;
const PROPS = /\bdata-props=(?:"([^"]*)"|'([^']*)')/;

/**
 * Every empty hook of the page with its island's server HTML, as
 * php/storefront-ssr.php fills them (docs/embedding.md, "7. Server
 * rendering"); a hook without `data-props` renders with `{}`. Hooks with markup of their own (the header, the share
 * button) are the server's and stay as they are.
 */
export function withServerHtml(html: string, render: (widget: string, props: unknown) => string): string {
  return html.replace(EMPTY_HOOK, (hook, tag: string, widget: string, attributes: string) => {
    const props = PROPS.exec(attributes);
    let value: unknown = {};
    try {
      if (props) value = JSON.parse(unescapeAttribute(props[1] ?? props[2]!));
    } catch {
      return hook; // Bad JSON: the island in the browser names the problem.
    }
    return `<${tag} data-widget="${widget}"${attributes}>${render(widget, value)}</${tag}>`;
  });
}
