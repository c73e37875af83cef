/**
 * The plain-PHP shop of docs/embedding.md, written from the doc's own PHP
 * blocks: a block whose first line is `<?php // name.php …` is that file
 * (a second block of the same name is a variant: the hashed-files head), and
 * `<?php // from name.php` is an excerpt whose lines must be in that file.
 * Only the shop's data (products.json, an image), the built bundle
 * (storefront/) and the PHP client (laravel/client/) are added, the client
 * where the doc's copy line puts it. The service URL and timeout the doc prints are the two values a
 * deployer sets: the site gets the test's.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const root = resolve(__dirname, '..');
export const DOC = 'docs/embedding.md';

export interface DocBlock {
  /** The file the block is (or, for an excerpt, is part of). */
  file: string;
  excerpt: boolean;
  /** 1-based line of the block's first line in the doc. */
  line: number;
  text: string;
}

/** Every ```php block of the doc, with the file its first line names. */
export function docBlocks(doc = readFileSync(join(root, DOC), 'utf8')): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```php') continue;
    const start = i + 1;
    const body: string[] = [];
    for (i = start; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!);
    const m = /^<\?php \/\/ (from )?([\w./-]+\.php)\b/.exec(body[0] ?? '');
    if (!m) throw new Error(`${DOC}:${start + 1}: a PHP block must start with "<?php // <file>.php": ${body[0]}`);
    blocks.push({ file: m[2]!, excerpt: !!m[1], line: start + 1, text: `${body.join('\n')}\n` });
  }
  return blocks;
}

/** The site's files: name → its variants (the doc's order). */
export function siteFiles(blocks = docBlocks()): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const b of blocks.filter((b) => !b.excerpt)) files.set(b.file, [...(files.get(b.file) ?? []), b.text]);
  return files;
}

/** The excerpt's lines that are not in its file, in order (trimmed, blank lines ignored); [] when all are. */
export function missingExcerptLines(block: DocBlock, files = siteFiles()): string[] {
  const file = (files.get(block.file)?.[0] ?? '').split('\n').map((l) => l.trim());
  const missing: string[] = [];
  let at = 0;
  for (const line of block.text.split('\n').slice(1).map((l) => l.trim()).filter(Boolean)) {
    const found = file.indexOf(line, at);
    if (found < 0) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

/** Titles no page may run or let out of their text: a closing script tag, an onerror image, both quotes, an entity. */
export const HOSTILE_TITLES = [
  `</script><img src=x onerror="document.title='pwned'"> 'Booster' "Box"`,
  'Topps &quot;Chrome&quot; 🃏 & Co',
  'Upper Deck Series 1',
];

/** Teasers as a PHP catalog query gives them: decimals as strings, flags as 0/1. */
export function products(count = 12) {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `${HOSTILE_TITLES[i % HOSTILE_TITLES.length]} #${i + 1}`,
    slug: `card-box-${i + 1}`,
    mainImage: `/img/card.svg?v=${i + 1}`,
    price: (10 + (i + 1) * 1.25).toFixed(2),
    listPrice: null,
    sale: (i + 1) % 5 === 0 ? 1 : 0,
    isNew: (i + 1) % 7 === 0 ? '1' : '0',
    available: String(10 + i),
    showATC: 1,
    rewardRedemptionOnly: 0,
    presale: null,
  }));
}

/** The product page's full product as a PHP product query gives it (routes.md, POST /product/cart/load): decimals as strings, flags as 0/1. */
export function product() {
  return {
    id: 7,
    sku: 'BB-7',
    title: `${HOSTILE_TITLES[0]} #7`,
    slug: 'card-box-7',
    Price: '24.99',
    price: '24.99',
    ListPrice: '29.99',
    DepositPrice: null,
    LowestVariationPrice: null,
    OnSale: 1,
    Available: '8',
    AvailableToShip: '8',
    Presale: 0,
    ReleaseDate: null,
    DownPayment: '0',
    LiveBreakOnly: 0,
    break_eligible: 0,
    RewardRedemptionOnly: 0,
    SaleQuantityLimit: '0',
    BlockPool: 0,
    MainImage: { Small: '/img/card.svg?v=7', Medium: '/img/card.svg?v=7' },
    Options: [],
    brands: [{ name: 'Topps' }],
    categories: [{ id: '3', name: 'Booster boxes' }],
    promotions: [],
    product_stock: [{ quantity: '8', product_stock_locations: [{ warehouse_id: '0' }] }],
    ActiveCharity: null,
    AddOnProduct: null,
  };
}

export interface SiteOptions {
  /** Which variant of a file with several (0: the first; 1: the hashed-files head). */
  variant?: number;
  serviceUrl: string;
  timeoutMs: number;
  /** The built bundle to serve as storefront/ (dist/). */
  bundle?: string;
}

/** Writes the site into `dir`; throws when the doc no longer has what the site needs. */
export function writeSite(dir: string, { variant = 0, serviceUrl, timeoutMs, bundle = join(root, 'dist') }: SiteOptions): void {
  const blocks = docBlocks();
  const files = siteFiles(blocks);
  for (const block of blocks.filter((b) => b.excerpt)) {
    const missing = missingExcerptLines(block, files);
    if (missing.length) throw new Error(`${DOC}:${block.line}: not in ${block.file}: ${missing.join(' | ')}`);
  }
  for (const [name, variants] of files) {
    let text = variants[Math.min(variant, variants.length - 1)]!;
    if (text.includes("'http://127.0.0.1:13714'")) {
      text = text.replaceAll("'http://127.0.0.1:13714'", `'${serviceUrl}'`).replaceAll("'timeout' => 200", `'timeout' => ${timeoutMs}`);
    }
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (!files.get('index.php')?.[0]?.includes("'http://127.0.0.1:13714', 'timeout' => 200")) {
    throw new Error(`${DOC}: index.php no longer starts the renderer with the default URL and timeout`);
  }
  const client = clientFolder();
  mkdirSync(join(dir, client));
  for (const file of readdirSync(join(root, 'laravel/client')).filter((f) => f.endsWith('.php'))) {
    copyFileSync(join(root, 'laravel/client', file), join(dir, client, file));
  }
  symlinkSync(bundle, join(dir, 'storefront'));
  writeFileSync(join(dir, 'products.json'), JSON.stringify(products()));
  writeFileSync(join(dir, 'product.json'), JSON.stringify(product()));
  mkdirSync(join(dir, 'img'));
  copyFileSync(join(root, 'laravel/tests/app/public/img/card.svg'), join(dir, 'img/card.svg'));
}

/** The web root's folder the doc's copy line puts the PHP client's files in (section 1, "The files"). */
export function clientFolder(doc = readFileSync(join(root, DOC), 'utf8')): string {
  const copy = /^mkdir -p \/var\/www\/shop\/public\/([\w-]+) && cp laravel\/client\/\*\.php \/var\/www\/shop\/public\/\1\/ /m.exec(doc);
  if (!copy) throw new Error(`${DOC}: no line copies laravel/client/*.php into a folder of the web root`);
  return copy[1]!;
}

export interface Php {
  /** e.g. "PHP 7.4.33" */
  name: string;
  command: string;
}

/**
 * Every PHP that runs here: the system's `php`, Debian 11's PHP 7.4
 * that scripts/php-deps.sh unpacks (run through scripts/php74), and Debian
 * sid's PHP 8.4 in the sid root of scripts/sid-root.sh (scripts/php84, as root).
 */
export function phps(): Php[] {
  const found: Php[] = [];
  for (const command of ['php', join(root, 'scripts/php74'), join(root, 'scripts/php84')]) {
    try {
      const version = execFileSync(command, ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      found.push({ name: `PHP ${version}`, command });
    } catch {
      // Not installed or not unpacked.
    }
  }
  return found;
}
