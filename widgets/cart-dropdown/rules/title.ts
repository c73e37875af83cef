/** Cart item titles may be trimmed to the first 3 words (spec §9). */
export const TITLE_WORDS = 3;

/** The first `words` words of a title, with '…' when something was cut. */
export function trimTitle(title: string, words = TITLE_WORDS): string {
  const all = title.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}
