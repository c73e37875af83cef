/**
 * docs/embedding.md is the code of a plain-PHP shop (test/embedding-site.ts
 * writes it; test/browser/plain-php.test.ts runs it in Chromium). Here: the
 * doc's blocks make a whole site, every file of it parses under every PHP
 * found here, the head and the hand-written hooks print what the browser reads
 * back unchanged, and the demo layout's head is the doc's head.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from 'sfw:examples';
import { docBlocks, missingExcerptLines, phps, root, siteFiles, writeSite } from '../../embedding-site';

const blocks = docBlocks();
const files = siteFiles(blocks);

describe('docs/embedding.md as a site', () => {
  it('has every file the shop needs: the pages, their head (stable names, then hashed files), config, CSRF, CSP, routes', () => {
    expect([...files.keys()].sort()).toEqual(
      ['cart/add-item.php', 'cart/get-count.php', 'csp.php', 'csrf.php', 'featured.php', 'field-data.php', 'index.php', 'product.php', 'router.php', 'storefront-config.php', 'storefront-head.php'].sort(),
    );
    expect(files.get('storefront-head.php')).toHaveLength(2);
  });

  it.each(blocks.filter((b) => b.excerpt).map((b) => [`line ${b.line}`, b] as const))('the excerpt at %s is in its file', (_, block) => {
    expect(missingExcerptLines(block, files)).toEqual([]);
  });
});

/** The head's storefront tags with values and paths reduced to what the two templates share. */
function storefrontTags(head: string, template: 'php' | 'demo'): string[] {
  let text = head;
  if (template === 'php') text = text.replace(/<\?=[\s\S]*?\?>/g, '…');
  // The demo prints the whole nonce attribute only when it sends a policy (?csp=strict).
  else text = text.replace(/\{!!\s*nonce_attr\s*!!\}/g, ' nonce="…"').replace(/\{\{[\s\S]*?\}\}|\{!![\s\S]*?!!\}/g, '…');
  return text
    .split('\n')
    .map((line) => line.trim().replace(/\b(href|src)="[^"]*\/([^/"]+)"/g, '$1="$2"'))
    .filter((line) => /csrf-token|storefront-config|storefront\.(css|js)/.test(line));
}

describe('the demo pages embed the bundle as docs/embedding.md says', () => {
  const layout = readFileSync(join(root, 'demo-pages/pages/layout.html'), 'utf8');
  const demoHead = layout.slice(layout.indexOf('<head>'), layout.indexOf('</head>'));

  it("the demo layout's head prints the doc's head tags, in the same order, modulo the bundle's folder", () => {
    const docHead = storefrontTags(files.get('storefront-head.php')![0]!, 'php');
    expect(docHead).toHaveLength(4);
    expect(storefrontTags(demoHead, 'demo')).toEqual(docHead);
  });

  it('the demo layout points its readers to docs/embedding.md', () => {
    expect(layout).toContain('docs/embedding.md');
  });

  // Every island: a later island need not be added to the doc (docs/architecture.md "Adding an island"); the doc names none that is gone.
  it("the doc's two pages hook islands there are, the twelve there were when it was written; those they render on the server, the demo pages hook too", async () => {
    const pages = ['layout', 'category', 'product'].map((p) => readFileSync(join(root, `demo-pages/pages/${p}.html`), 'utf8')).join('\n');
    const hooked = ['index.php', 'product.php', 'featured.php'].flatMap((page) =>
      [...files.get(page)![0]!.matchAll(/hook\('([\w-]+)'|data-widget="([\w-]+)"/g)].map((m) => (m[1] ?? m[2])!),
    );
    const { ISLANDS } = await import('../../../widgets/registry');
    expect(Object.keys(ISLANDS)).toEqual(expect.arrayContaining([...new Set(hooked)]));
    expect(new Set(hooked).size).toBe(12);
    const rendered = ['index.php', 'product.php'].flatMap((page) => [...files.get(page)![0]!.matchAll(/hook\('([\w-]+)'/g)].map((m) => m[1]!));
    for (const widget of rendered) expect(pages, widget).toContain(`data-widget="${widget}"`);
  });
});

const versions = phps();
if (!versions.length) console.log('embedding.test.ts: PHP parts not run (no php). Install: sudo scripts/php-deps.sh');

describe.skipIf(!versions.length).each(versions)('$name runs the doc', ({ command }) => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-embedding-'));
  writeSite(join(dir, 'site'), { serviceUrl: 'http://127.0.0.1:9', timeoutMs: 200 });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([...files].flatMap(([name, variants]) => variants.map((text, i) => [`${name}${i ? ` (variant ${i + 1})` : ''}`, text] as const)))(
    '%s parses',
    (name, text) => {
      const file = join(dir, `lint-${name.replace(/\W+/g, '-')}.php`);
      writeFileSync(file, text);
      expect(execFileSync(command, ['-l', file], { encoding: 'utf8' })).toMatch(/No syntax errors/);
    },
  );

  it('the head and the hand-written hooks print hostile values so that the browser reads them back unchanged', () => {
    const hostile = `</script><script>alert(1)</script> 'single' "double" &amp; \u2028`;
    const config = { region: { symbol: hostile }, user: { recentSearches: [hostile, '<!--'] } };
    const products = [{ id: 1, title: hostile, slug: 'a' }];
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
    const script = `<?php
      $_SESSION = ['csrf_token' => 'token"<>'];
      $cspNonce = 'nonce';
      $storefrontConfig = json_decode(file_get_contents('${dir}/config.json'), true);
      $products = json_decode(file_get_contents('${dir}/products.json'), true);
      require '${dir}/site/storefront-head.php';
      require '${dir}/site/featured.php';`;
    writeFileSync(join(dir, 'print.php'), script);
    const html = execFileSync(command, [join(dir, 'print.php')], { encoding: 'utf8' });
    const doc = new DOMParser().parseFromString(`<!doctype html><head>${html}`, 'text/html');
    // One script block for the config, one for the entry: the values closed nothing.
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(JSON.parse(doc.getElementById('storefront-config')!.textContent!)).toEqual(config);
    expect(doc.querySelector('meta[name="csrf-token"]')!.getAttribute('content')).toBe('token"<>');
    const hooks = [...doc.querySelectorAll('[data-widget="teaser-card"]')];
    expect(hooks).toHaveLength(2);
    for (const hook of hooks) expect(JSON.parse(hook.getAttribute('data-props')!)).toEqual({ product: products[0] });
  });

  it("every island's example (widgets/<name>/example.ts), printed by the client's hook(), is read back by the browser unchanged", () => {
    writeFileSync(join(dir, 'examples.json'), JSON.stringify(EXAMPLES));
    const script = `<?php
      require '${root}/php/storefront-ssr.php';
      $ssr = StorefrontSsr::start(['url' => null]);
      foreach (json_decode(file_get_contents('${dir}/examples.json'), true) as $widget => $props) echo $ssr->hook($widget, $props), "\n";`;
    writeFileSync(join(dir, 'examples.php'), script);
    const doc = new DOMParser().parseFromString(execFileSync(command, [join(dir, 'examples.php')], { encoding: 'utf8' }), 'text/html');
    const read = Object.fromEntries([...doc.querySelectorAll('[data-widget]')].map((hook) => [hook.getAttribute('data-widget'), JSON.parse(hook.getAttribute('data-props') ?? '{}')]));
    expect(Object.keys(read).length).toBeGreaterThan(5);
    expect(read).toEqual(EXAMPLES);
  });
});


/** The doc's cache rules (nginx's location, Apache's FilesMatch), as JavaScript regular expressions. */
function cachePatterns(): { nginx: RegExp; apache: RegExp } {
  const doc = readFileSync(join(root, 'docs/embedding.md'), 'utf8');
  const nginx = /location ~ (\S+) \{\n\s*add_header Cache-Control "[^"]*immutable"/.exec(doc)?.[1];
  const apache = /<FilesMatch "([^"]+)">\n\s*Header set Cache-Control "[^"]*immutable"/.exec(doc)?.[1];
  if (!nginx || !apache) throw new Error('docs/embedding.md: no immutable rule for nginx or Apache');
  return { nginx: new RegExp(nginx), apache: new RegExp(apache) };
}

const built = existsSync(join(root, 'dist/manifest.json'));
if (!built) console.log('embedding.test.ts: the cache rules are not checked against the build (no dist/: node build.mjs)');

describe.skipIf(!built)("the doc's cache rules and the build's file names", () => {
  const files = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) => !f.startsWith('server') && !f.endsWith('.map') && f.includes('.'));
  const stable = ['storefront.js', 'storefront.css', 'manifest.json'];

  it('cache every content-hashed file for good, and the stable names and the manifest only briefly', () => {
    const { nginx, apache } = cachePatterns();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const hashed = !stable.includes(file);
      expect(nginx.test(`/storefront/${file}`), `nginx: ${file}`).toBe(hashed);
      expect(apache.test(file.split('/').pop()!), `Apache: ${file}`).toBe(hashed);
    }
  });
});
