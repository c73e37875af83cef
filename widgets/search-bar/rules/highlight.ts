/**
 * Splits a suggestion title into plain and matched pieces, so the typed
 * words can be wrapped in <mark> as TEXT (titles may contain HTML-like text;
 * they are never parsed as HTML).
 *
 * Every word of the term is matched anywhere in the title, ignoring case and
 * accents ('pokemon' marks 'Pokémon'). Folding maps each UTF-16 unit to
 * exactly one unit, so positions in the folded title are positions in the
 * original.
 */
export interface Piece {
  text: string;
  match: boolean;
}

function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    // One output unit per input unit, so indices stay aligned.
    const base = ch.length === 1 ? (ch.normalize('NFD')[0] ?? ch).toLowerCase()[0] ?? ch : ch;
    out += base;
  }
  return out;
}

export function highlight(title: string, term: string): Piece[] {
  const haystack = fold(title);
  const marked = new Array<boolean>(title.length).fill(false);
  for (const word of new Set(fold(term).split(/\s+/).filter(Boolean))) {
    for (let at = haystack.indexOf(word); at !== -1; at = haystack.indexOf(word, at + 1)) {
      marked.fill(true, at, at + word.length);
    }
  }
  const pieces: Piece[] = [];
  for (let i = 0; i < title.length; i++) {
    const last = pieces[pieces.length - 1];
    if (last && last.match === marked[i]) last.text += title[i];
    else pieces.push({ text: title[i]!, match: marked[i]! });
  }
  return pieces;
}
