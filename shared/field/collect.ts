/**
 * The field chunk (docs/embedding.md "Field data"): loaded once, at idle after load, only on a page view
 * that was sampled and has consent (shared/runtime/field.ts decides). It measures LCP, CLS and INP from the
 * browser's entries by web-vitals' definitions (vitals.ts: web-vitals itself is over the chunk's 3 KB), with
 * their attribution, reads the runtime's marks (field.ts note) and sends one beacon (beacon.ts) when the page
 * is first hidden with consent.
 *
 * - Each metric goes to the island of its element (its closest `data-widget`), or "page".
 * - INP's parts from its Event Timing entries; the script time of the long animation frames it overlaps,
 *   split by file: ours (under the bundle's folder) or the shop's.
 * - CSP violations whose source is one of the bundle's files (a ReportingObserver, buffered: those from
 *   before the chunk loaded too; Chromium. Elsewhere the violations from then on).
 */
import { beaconJson, buildBeacon, islandOf, type Beacon, type Metric, type WakeStarts } from './beacon';
import { fieldSettings } from './settings';
import { addShift, addTiming, inpOf, windows, type Interaction, type Shift } from './vitals';

/** shared/runtime/note.ts MARK (imported, that module would be a second file for this chunk; a test holds them together). */
export const MARK = 'sfw:';

declare const SFW_VERSION: string | undefined;
declare const SFW_RENDER_VERSION: string | undefined;

interface Frame extends PerformanceEntry {
  scripts: Array<{ sourceURL: string; duration: number }>;
}
interface Paint extends PerformanceEntry {
  element?: Element | null;
}
interface LayoutShift extends PerformanceEntry, Shift {
  sources: Array<{ node?: Node | null }>;
}
interface Report {
  body?: { sourceFile?: string | null };
}
type Observer = new (callback: (reports: Report[]) => void, options: object) => { observe(): void };

/**
 * INP with its three parts and, where the browser has long animation frames, whose scripts ran. `interaction`
 * is the interaction's longest entries (often its pointerdown alone); the parts take every event presented in
 * the same frame (`events`, as web-vitals' attribution build groups them): a click's handlers too.
 */
function inpMetric(value: number, interaction: readonly PerformanceEventTiming[], frames: readonly Frame[], events: readonly PerformanceEventTiming[], ours: string, landed: Map<number, string>): Metric {
  const start = interaction[0]?.startTime ?? 0;
  const end = start + value;
  const entries = [...interaction, ...events.filter((e) => e.startTime >= start && Math.abs(e.startTime + e.duration - end) <= 8)];
  const processingStart = Math.min(...entries.map((e) => e.processingStart));
  const processingEnd = Math.max(...entries.map((e) => e.processingEnd));
  const metric: Metric = {
    name: 'INP',
    value,
    island: entries.map((e) => landed.get(e.startTime)).find(Boolean) ?? islandOf(entries.find((e) => e.target)?.target),
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
  const frames: Frame[] = [];
  const events: PerformanceEventTiming[] = [];
  const failures: Beacon['failures'] = [];
  const nav = performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  // Each hook going `loading` from now on: when its island was asked for (the runtime notes when it mounted).
  const starts: WakeStarts = { seen: {}, before: nav?.domContentLoadedEventStart ?? 0 };
  new MutationObserver((records) => {
    for (const { target } of records) if ((target as Element).getAttribute('data-island') === 'loading') (starts.seen[islandOf(target)] ??= []).push(performance.now());
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-island'] });
  const activated = nav?.activationStart ?? 0;
  // When the page was first hidden (after a prerender's activation): paints from then on are no LCP.
  const hidden = performance.getEntriesByType('visibility-state').find((e) => e.name === 'hidden' && e.startTime >= activated)?.startTime ?? (document.visibilityState === 'hidden' ? 0 : Infinity);
  let lcp: Paint | undefined;
  const shifts = windows<LayoutShift>();
  const longest: Array<Interaction<PerformanceEventTiming>> = [];
  // The interaction ids seen: where the browser has no interactionCount, the count is estimated from them (as web-vitals does).
  let low = Infinity;
  let high = 0;
  // What each observer has not delivered yet is taken when the beacon goes.
  const flush: Array<() => void> = [];
  const watch = <E extends PerformanceEntry>(type: string, take: (entries: E[]) => void) => {
    const observer = new PerformanceObserver((list) => take(list.getEntries() as E[]));
    observer.observe({ type, buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    flush.push(() => take(observer.takeRecords() as E[]));
  };
  // The last 100 of each (a page open for hours keeps no more).
  const keep = (list: PerformanceEntry[]) => (entries: PerformanceEntry[]) => list.push(...entries) && list.splice(0, list.length - 100);
  watch('long-animation-frame', keep(frames));
  watch('event', (entries: PerformanceEventTiming[]) => {
    keep(events)(entries);
    for (const entry of entries) {
      addTiming(longest, entry);
      if (entry.interactionId) {
        low = Math.min(low, entry.interactionId);
        high = Math.max(high, entry.interactionId);
      }
    }
  });
  watch('first-input', (entries: PerformanceEventTiming[]) => entries.forEach((entry) => addTiming(longest, entry)));
  // The browser stops LCP at the first input; web-vitals stops it there too.
  watch('largest-contentful-paint', (entries: Paint[]) => entries.forEach((entry) => entry.startTime < hidden && (lcp = entry)));
  watch('layout-shift', (entries: LayoutShift[]) => entries.forEach((entry) => addShift(shifts, entry)));
  // The island each input landed in, by its timeStamp (its Event Timing entry's startTime), first: an entry whose
  // element the handler removed (the cart's REMOVE) has no target left, and a keyup then lands on the body.
  const landed = new Map<number, string>();
  for (const type of ['pointerdown', 'keydown', 'click'])
    addEventListener(type, (event) => landed.set(event.timeStamp, islandOf(event.target)).size > 100 && landed.delete(landed.keys().next().value!), { capture: true, passive: true });
  const blame = (file: unknown) => typeof file === 'string' && file.startsWith(ours) && failures.push({ kind: 'csp', island: 'page' });
  const Reporting = (globalThis as { ReportingObserver?: Observer }).ReportingObserver;
  if (Reporting) new Reporting((reports) => reports.forEach((report) => blame(report.body?.sourceFile)), { types: ['csp-violation'], buffered: true }).observe();
  else addEventListener('securitypolicyviolation', (event) => blame(event.sourceFile));

  let sent = false;
  const send = (event: Event) => {
    if (sent || (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') || raw.consent !== true) return;
    sent = true;
    for (const take of flush) take();
    const metrics: Metric[] = [];
    if (lcp) metrics.push({ name: 'LCP', value: Math.max(lcp.startTime - activated, 0), island: islandOf(lcp.element) });
    // CLS counts once the page has painted content (web-vitals waits for FCP); the largest shift's first element that moved.
    if ((performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity) < hidden) {
      const largest = [...shifts.largest.entries].sort((a, b) => b.value - a.value)[0];
      metrics.push({ name: 'CLS', value: shifts.largest.value, island: islandOf(largest?.sources.find((s) => s.node)?.node) });
    }
    const inp = inpOf(longest, (performance as { interactionCount?: number }).interactionCount ?? (high && (high - low) / 7 + 1));
    if (inp) metrics.push(inpMetric(inp.latency, inp.entries, frames, events, ours, landed));
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
    // Not sendBeacon: it sends the shop's cookies along (a beacon names no shopper). keepalive outlives the page as a beacon does.
    void fetch(settings.endpoint, { method: 'POST', body: beaconJson(beacon), keepalive: true, credentials: 'omit' }).catch(() => {});
  };
  addEventListener('visibilitychange', send);
  addEventListener('pagehide', send);
}
