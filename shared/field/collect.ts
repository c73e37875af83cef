/**
 * The field chunk (docs/embedding.md "Field data"): loaded once, at idle after load, only on a page view
 * that was sampled and has consent (shared/runtime/field.ts decides). It takes LCP, CLS and INP from
 * web-vitals' base build (its attribution build is 5.4 KB gzip: the attribution is derived here from the
 * entries web-vitals hands over), reads the runtime's marks (field.ts note) and sends one beacon
 * (beacon.ts) when the page is first hidden with consent.
 *
 * - Each metric goes to the island of its element (its closest `data-widget`), or "page".
 * - INP's parts from its Event Timing entries; the script time of the long animation frames it overlaps,
 *   split by file: ours (under the bundle's folder) or the shop's.
 * - CSP violations whose source is one of the bundle's files (a ReportingObserver, buffered: those from
 *   before the chunk loaded too; Chromium. Elsewhere the violations from then on).
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import { beaconJson, buildBeacon, islandOf, type Beacon, type Metric, type WakeStarts } from './beacon';
import { fieldSettings } from './settings';

/** shared/runtime/note.ts MARK (imported, that module would be a second file for this chunk; a test holds them together). */
export const MARK = 'sfw:';

declare const SFW_VERSION: string | undefined;
declare const SFW_RENDER_VERSION: string | undefined;

interface Frame extends PerformanceEntry {
  scripts: Array<{ sourceURL: string; duration: number }>;
}
interface Report {
  body?: { sourceFile?: string | null };
}
type Observer = new (callback: (reports: Report[]) => void, options: object) => { observe(): void };

/**
 * INP with its three parts and, where the browser has long animation frames, whose scripts ran. web-vitals
 * hands over the interaction's longest entries (often its pointerdown alone); the parts take every event
 * presented in the same frame (`events`, as its attribution build groups them): a click's handlers too.
 */
export function inpMetric(value: number, interaction: readonly PerformanceEventTiming[], frames: readonly Frame[], events: readonly PerformanceEventTiming[], ours: string): Metric {
  const start = interaction[0]?.startTime ?? 0;
  const end = start + value;
  const entries = [...interaction, ...events.filter((e) => e.startTime >= start && Math.abs(e.startTime + e.duration - end) <= 8)];
  const processingStart = Math.min(...entries.map((e) => e.processingStart));
  const processingEnd = Math.max(...entries.map((e) => e.processingEnd));
  const metric: Metric = {
    name: 'INP',
    value,
    island: islandOf(entries.find((e) => e.target)?.target),
    parts: entries.length ? { inputDelay: processingStart - start, processing: processingEnd - processingStart, presentation: end - processingEnd } : undefined,
  };
  const overlapping = frames.filter((f) => f.startTime < end && f.startTime + f.duration > start);
  if (overlapping.length) {
    metric.script = { ours: 0, shop: 0 };
    for (const { sourceURL, duration } of overlapping.flatMap((f) => f.scripts)) metric.script[sourceURL.startsWith(ours) ? 'ours' : 'shop'] += duration;
  }
  return metric;
}

/** Starts collecting for the `fieldData` block `raw`, whose `consent` the page may take back (shared/runtime/field.ts): read when the beacon would go. */
export function collect(raw: { consent?: unknown }): void {
  const settings = fieldSettings(raw);
  if (!settings) return;
  // The bundle's folder (this file is in its chunks/): what runs from under it is ours.
  const ours = new URL('..', import.meta.url).href;
  const metrics: Metric[] = [];
  const frames: Frame[] = [];
  const events: PerformanceEventTiming[] = [];
  const failures: Beacon['failures'] = [];
  // Each hook going `loading` from now on: when its island was asked for (the runtime notes when it mounted).
  const starts: WakeStarts = { seen: {}, before: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventStart ?? 0 };
  new MutationObserver((records) => {
    for (const { target } of records) if ((target as Element).getAttribute('data-island') === 'loading') (starts.seen[islandOf(target)] ??= []).push(performance.now());
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-island'] });
  onLCP((m) => metrics.push({ name: 'LCP', value: m.value, island: islandOf(m.entries.at(-1)?.element) }));
  onCLS((m) => {
    // The largest shift's first element that moved.
    const largest = [...m.entries].sort((a, b) => b.value - a.value)[0];
    metrics.push({ name: 'CLS', value: m.value, island: islandOf(largest?.sources.find((s) => s.node)?.node) });
  });
  onINP((m) => metrics.push(inpMetric(m.value, m.entries, frames, events, ours)));
  // The last 100 of each (a page open for hours keeps no more).
  const keep = (list: PerformanceEntry[], type: string) => {
    try {
      new PerformanceObserver((entries) => list.push(...entries.getEntries()) && list.splice(0, list.length - 100)).observe({ type, buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    } catch {}
  };
  keep(frames, 'long-animation-frame');
  keep(events, 'event');
  const blame = (file: unknown) => typeof file === 'string' && file.startsWith(ours) && failures.push({ kind: 'csp', island: 'page' });
  const Reporting = (globalThis as { ReportingObserver?: Observer }).ReportingObserver;
  if (Reporting) new Reporting((reports) => reports.forEach((report) => blame(report.body?.sourceFile)), { types: ['csp-violation'], buffered: true }).observe();
  else addEventListener('securitypolicyviolation', (event) => blame(event.sourceFile));

  let sent = false;
  // On the window, bubbling: after each of web-vitals' listeners (capture, on the window), so its metrics are final.
  const send = (event: Event) => {
    if (sent || (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') || raw.consent !== true) return;
    sent = true;
    const beacon = buildBeacon({
      build: `${typeof SFW_VERSION === 'string' ? SFW_VERSION : '0'}+${typeof SFW_RENDER_VERSION === 'string' ? SFW_RENDER_VERSION : 'dev'}`,
      page: settings.pageType,
      device: matchMedia('(pointer: coarse)').matches || screen.width < 768 ? 'mobile' : 'desktop',
      metrics,
      notes: performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith(MARK))
        .map((mark) => ({ kind: mark.name.slice(MARK.length), detail: (mark as PerformanceMark).detail })),
      failures,
      starts,
    });
    navigator.sendBeacon(settings.endpoint, new Blob([beaconJson(beacon)], { type: 'text/plain;charset=UTF-8' }));
  };
  addEventListener('visibilitychange', send);
  addEventListener('pagehide', send);
}
