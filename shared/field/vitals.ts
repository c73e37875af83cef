/**
 * CLS and INP as web-vitals 6.2.3 defines them (its src/lib/LayoutShiftManager.ts, InteractionManager.ts),
 * as pure rules over the browser's entries (test/unit/field/vitals.test.ts): the library's onINP alone is
 * 2 KB gzip, two thirds of the field chunk's 3 KB. What web-vitals adds around them (soft navigations,
 * bfcache restores, reports before the page is hidden) a chunk that sends once, at the first hide, never needs.
 */

export interface Shift {
  readonly startTime: number;
  readonly value: number;
  readonly hadRecentInput: boolean;
}
export interface Window<S> {
  value: number;
  entries: S[];
}
/** The session window being summed, and the largest so far: CLS is the largest's value. */
export interface Windows<S> {
  current: Window<S>;
  largest: Window<S>;
}

export const windows = <S>(): Windows<S> => ({ current: { value: 0, entries: [] }, largest: { value: 0, entries: [] } });

/** Adds a layout shift: one after recent input does not count; one < 1 s after the window's last and < 5 s after its first joins it, else opens a new one. */
export function addShift<S extends Shift>(w: Windows<S>, shift: S): void {
  if (shift.hadRecentInput) return;
  const { value, entries } = w.current;
  if (value && shift.startTime - entries.at(-1)!.startTime < 1000 && shift.startTime - entries[0]!.startTime < 5000) {
    w.current.value += shift.value;
    entries.push(shift);
  } else w.current = { value: shift.value, entries: [shift] };
  if (w.current.value > w.largest.value) w.largest = w.current;
}

export interface Timing {
  readonly entryType: string;
  readonly interactionId?: number;
  readonly duration: number;
  readonly startTime: number;
}
export interface Interaction<E> {
  id: number;
  /** The longest duration among its entries. */
  latency: number;
  /** Its entries of that duration that started with the first. */
  entries: E[];
}

/** Adds an Event Timing entry to the 10 longest interactions (longest first): from 40 ms (web-vitals' threshold), or the first input whatever its duration. */
export function addTiming<E extends Timing>(longest: Array<Interaction<E>>, entry: E): void {
  if (!entry.interactionId || (entry.duration < 40 && entry.entryType !== 'first-input')) return;
  let interaction = longest.find((i) => i.id === entry.interactionId);
  if (!interaction) longest.push((interaction = { id: entry.interactionId, latency: -1, entries: [] }));
  if (entry.duration > interaction.latency) {
    interaction.latency = entry.duration;
    interaction.entries = [entry];
  } else if (entry.duration === interaction.latency && entry.startTime === interaction.entries[0]!.startTime) interaction.entries.push(entry);
  longest.sort((a, b) => b.latency - a.latency).splice(10);
}

/** INP: the longest interaction, skipping one for every 50 on the page (the p98); `count` all interactions, short ones too. */
export const inpOf = <E>(longest: ReadonlyArray<Interaction<E>>, count: number): Interaction<E> | undefined => longest[Math.min(longest.length - 1, Math.floor(count / 50))];
