/**
 * What a screen reader and a low-vision shopper meet, read from Chromium
 * itself: the focused node of its accessibility tree (DevTools protocol), the
 * texts live regions announce, focus indicators, clipped text and motion.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** WCAG 1.4.12 text spacing, as the usual bookmarklet sets it on every element. */
export const TEXT_SPACING_CSS = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

/** Applies WCAG text spacing to the page (through the protocol: the page's CSP allows no inline style). */
export async function applyTextSpacing(page: Page): Promise<void> {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING_CSS);
}

export interface AXNode {
  role: string;
  name: string;
  ignored: boolean;
}

const sessions = new WeakMap<Page, CDPSession>();
async function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** Chromium's accessibility node for the element `expression` evaluates to (null: no element). */
export async function axNodeOf(page: Page, expression: string): Promise<AXNode | null> {
  const session = await cdp(page);
  const { result } = await session.send('Runtime.evaluate', { expression });
  if (!result.objectId) return null;
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
  await session.send('Runtime.releaseObject', { objectId: result.objectId });
  const node = nodes[0];
  if (!node) return null;
  return { role: String(node.role?.value ?? ''), name: String(node.name?.value ?? ''), ignored: node.ignored };
}

/**
 * What a screen reader says the focus is on: the focused element's node, or
 * the active option of a focused combobox (aria-activedescendant).
 */
export function focusedNode(page: Page): Promise<AXNode | null> {
  return axNodeOf(
    page,
    `(() => {
      const a = document.activeElement;
      const d = a && a.getAttribute('aria-activedescendant');
      return (d && document.getElementById(d)) || a;
    })()`,
  );
}

export interface Announcement {
  text: string;
  /** Its live region was in the page before the text came (a region inserted with its text is often not read). */
  regionExisted: boolean;
  /** Its live region was exposed then: no open modal dialog outside of it made it inert, and it was rendered. */
  exposed: boolean;
  /** Index of its region in `window.__liveRegions`, to ask the accessibility tree about it. */
  region: number;
}

/**
 * Records, from the first script of every page of the context on, each text
 * that enters a live region (role status or alert, or aria-live), with
 * whether the region was exposed at that moment.
 */
export async function recordAnnouncements(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __liveLog: unknown[]; __liveRegions: Element[] };
    w.__liveLog = [];
    w.__liveRegions = [];
    const REGION = '[role="status"],[role="alert"],[aria-live]:not([aria-live="off"])';
    const known = new WeakSet<Element>();
    const remember = (root: ParentNode) => root.querySelectorAll(REGION).forEach((r) => known.add(r));
    const log = (region: Element, text: string, existed: boolean) => {
      text = text.replace(/\s+/g, ' ').trim();
      if (!text || region.closest('.sfw-spinner')) return;
      const modal = document.querySelector('dialog:is(:modal, :popover-open)');
      let index = w.__liveRegions.indexOf(region);
      if (index < 0) index = w.__liveRegions.push(region) - 1;
      w.__liveLog.push({ text, regionExisted: existed, exposed: (!modal || modal.contains(region)) && region.checkVisibility(), region: index });
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = target?.closest(REGION);
        for (const node of record.addedNodes) {
          if (node instanceof Element && (node.matches(REGION) || node.querySelector(REGION))) {
            // A new region: read only when it is an alert, and then with what it holds.
            const regions = node.matches(REGION) ? [node] : [...node.querySelectorAll(REGION)];
            for (const r of regions) {
              if (!known.has(r)) log(r, r.textContent ?? '', false);
              known.add(r);
            }
          } else if (region) log(region, node.textContent ?? '', known.has(region));
        }
        if (record.type === 'characterData' && region) log(region, record.target.textContent ?? '', known.has(region));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener('DOMContentLoaded', () => remember(document));
  });
}

/** The announcements since the last call (the log empties). */
export function takeAnnouncements(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __liveLog: Announcement[] };
    return w.__liveLog.splice(0);
  });
}

/** Whether Chromium's accessibility tree exposes the live region now (not ignored, e.g. behind a modal dialog). */
export async function regionExposed(page: Page, region: number): Promise<boolean> {
  const node = await axNodeOf(page, `window.__liveRegions[${region}]`);
  return node !== null && !node.ignored;
}

/**
 * The texts a screen reader hears from live regions: new text in a region
 * that was already there and exposed, or a new alert. Checked against
 * Chromium's tree as well as the page's state when the text came.
 */
export async function heard(page: Page, list: Announcement[]): Promise<string[]> {
  const out: string[] = [];
  for (const a of list) {
    if (!a.exposed) continue;
    if (!a.regionExisted && !(await axNodeOf(page, `window.__liveRegions[${a.region}]`))?.role.includes('alert')) continue;
    out.push(a.text);
  }
  return out;
}

export interface FocusLook {
  /** What draws the indicator: 'outline' or 'box-shadow', on the element or an ancestor (a field's form). */
  kind: 'outline' | 'box-shadow' | null;
  color: string | null;
  /** The colour behind the indicator (the nearest opaque background outside the element). */
  background: string;
  width: number;
  height: number;
}

/** How the focused element shows its focus. */
export function focusLook(page: Page): Promise<FocusLook> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement;
    const opaque = (el: Element | null): string => {
      for (; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (bg && !/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const rect = a.getBoundingClientRect();
    // The element itself, then up to two ancestors (a search field's form rings the field).
    for (let el: HTMLElement | null = a, i = 0; el && i < 3; el = el.parentElement, i++) {
      const s = getComputedStyle(el);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) {
        return { kind: 'outline' as const, color: s.outlineColor, background: opaque(el.parentElement), width: rect.width, height: rect.height };
      }
      if (s.boxShadow && s.boxShadow !== 'none') {
        const color = s.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? null;
        return { kind: 'box-shadow' as const, color, background: opaque(el.parentElement), width: rect.width, height: rect.height };
      }
      if (!el.matches(':focus-within')) break;
    }
    return { kind: null, color: null, background: opaque(a), width: rect.width, height: rect.height };
  });
}

function channels(color: string): [number, number, number, number] {
  const m = color.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
  return [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1];
}

/** WCAG contrast ratio of a CSS colour (blended over the second when translucent) on an opaque one. */
export function contrast(a: string, b: string): number {
  if (a === 'transparent') return 1;
  const [fr, fg, fb, alpha] = channels(a);
  const back = channels(b);
  const blended = [fr, fg, fb].map((v, i) => v * alpha + back[i]! * (1 - alpha));
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(blended), lum(back)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** Texts cut off inside their box (line clamp, ellipsis, overflow hidden), as "text: why". */
export function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (!el.checkVisibility()) continue;
      const s = getComputedStyle(el);
      const tall = el.scrollHeight > el.clientHeight + 1 && s.overflowY !== 'visible';
      const wide = el.scrollWidth > el.clientWidth + 1 && s.overflowX !== 'visible';
      if (tall || wide) out.push(`${el.textContent!.trim()}: ${tall ? 'cut below' : 'cut at the side'}`);
    }
    return out;
  }, selector);
}

/** Animations and transitions running now, as "element: name", busy spinners aside (they slow down, and say the page is busy). */
export function runningMotion(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
        const name = a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : 'script';
        return { cls: target?.className?.toString() ?? '?', name };
      })
      .filter((a) => !a.cls.includes('sfw-spinner'))
      .map((a) => `${a.cls}: ${a.name}`),
  );
}
