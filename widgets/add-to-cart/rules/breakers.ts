/**
 * Live breakers (spec §5 "Breakers", §6, §9).
 *
 * Eligible = stock above 0 and, when the breaker lists categories, at least
 * one of them is one of the product's category ids (an empty list covers all).
 *
 * Missing stock (null/absent) counts as eligible. `stock` is not among the
 * spec's breaker fields (§3), so a server that never sends it would otherwise
 * switch live break off for every product. Stock is still guarded: a breaker
 * at a specific warehouse caps the available quantity at that warehouse's
 * stock (available.ts), and the server checks stock on add. A stock that is
 * sent and is 0 or below is not eligible.
 *
 * The active breaker is the chosen one, if it is eligible and live break
 * applies: the tick is on, or the product is live-break-only (it can only be
 * opened live, so choosing a breaker is enough). A leftover choice after the
 * tick is cleared is ignored.
 */
import type { LiveBreaker, Product } from '../../../shared/api/schemas';
import type { FormState } from './form-state';

export function isBreakerEligible(breaker: LiveBreaker, product: Product): boolean {
  if (breaker.stock !== null && breaker.stock !== undefined && !(breaker.stock > 0)) return false;
  const covers = breaker.categories ?? [];
  if (covers.length === 0) return true;
  const productCategories = new Set((product.categories ?? []).map((c) => c.id));
  return covers.some((id) => productCategories.has(id));
}

export function eligibleBreakers(breakers: readonly LiveBreaker[] | null | undefined, product: Product): LiveBreaker[] {
  return (breakers ?? []).filter((b) => isBreakerEligible(b, product));
}

export function activeBreaker(
  product: Product,
  state: FormState,
  breakers: readonly LiveBreaker[] | null | undefined,
): LiveBreaker | null {
  if (state.breakerId === null || state.breakerId === '') return null;
  if (!state.liveBreak && !product.LiveBreakOnly) return null;
  return eligibleBreakers(breakers, product).find((b) => b.identifier === state.breakerId) ?? null;
}

// --- next live session -------------------------------------------------

type NextLive = LiveBreaker['next_live'];

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

// Newer ICU puts a narrow no-break space before AM/PM; keep plain spaces so
// the text is the same on every engine.
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function parseDay(s: string): number | null {
  const m = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  // Rejects 2025-02-31 and the like instead of rolling over into March.
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t : null;
}

/** Wall-clock time, in ms after midnight, from "19:00", "19:00:00", "7:00 PM" or a date-time string. */
function parseTime(s: string): number | null {
  const m = /(?:^|[T\s])(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([ap]\.?m\.?)?/i.exec(s);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const half = m[3]?.[0]?.toLowerCase();
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  }
  if (h > 23 || min > 59) return null;
  return (h * 60 + min) * 60_000;
}

/** Offset of `zone` from UTC at `instant`, in ms (positive east of Greenwich). */
function zoneOffset(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return local - Math.floor(instant / 60_000) * 60_000;
}

/**
 * "EST" for America/New_York in winter, "EDT" in summer: the zone's name at
 * the session's own start (wall clock in that zone). An abbreviation sent
 * as such ("EST") is kept as is.
 */
function zoneLabel(zone: string, wallClock: number): string {
  const z = zone.trim();
  if (z === '' || !z.includes('/')) return z;
  try {
    const instant = wallClock - zoneOffset(z, wallClock);
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: z, timeZoneName: 'short' }).formatToParts(instant);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? z;
  } catch {
    return z; // unknown zone name: show it as sent
  }
}

/**
 * "Sat, Nov 22, 7:00 PM – 9:00 PM EST": the breaker's next session in the
 * breaker's own timezone. Date and times are the breaker's wall-clock values
 * and are not converted. Parts that do not parse are left out; '' when nothing
 * usable is left. Never throws.
 */
export function formatNextLive(next_live: NextLive): string {
  try {
    if (!next_live) return '';
    const date = String(next_live.date ?? '');
    const startRaw = String(next_live.start ?? '');
    const endRaw = String(next_live.end ?? '');
    const day = parseDay(date) ?? parseDay(startRaw);
    const start = parseTime(startRaw);
    const end = parseTime(endRaw);
    const times = [start, end].filter((t): t is number => t !== null).map((t) => plainSpaces(timeFormat.format(t)));
    const parts: string[] = [];
    if (day !== null) parts.push(plainSpaces(dayFormat.format(day)));
    if (times.length > 0) parts.push(times.join(' – '));
    if (parts.length === 0) return '';
    // The session start as a wall-clock reading (today when the day is unknown).
    const wallClock = (day ?? Math.floor(Date.now() / 86_400_000) * 86_400_000) + (start ?? end ?? 0);
    const zone = times.length > 0 ? zoneLabel(String(next_live.timezone ?? ''), wallClock) : '';
    return parts.join(', ') + (zone ? ` ${zone}` : '');
  } catch {
    return '';
  }
}
