/**
 * The messages in an error answer, read the same way for every call (the
 * login modal, the add-to-cart errors). The shapes a Laravel shop sends:
 *
 *   { error: '…' }                             spec §7 (login)
 *   { errors: ['…', '…'] }                     spec §7 (add to cart)
 *   { message: '…', errors: { field: ['…'] } } 422 from $request->validate() and
 *                                               the auth scaffolding; `message` only
 *                                               repeats the first error, so it is skipped
 *   { message: '…' }                           alone: abort(403, '…'), 429 throttling
 *
 * Strings only (a server string is text, never HTML: the caller renders it as
 * text), trimmed, empty ones dropped, no repeats, in the server's order.
 */

/**
 * A lone `message` is shown only for a client error whose text is meant for
 * the shopper: Laravel's default 404, 405 and 419 messages ('Not Found',
 * 'CSRF token mismatch.') are about the request, and a 5xx message is either
 * 'Server Error' or, in debug mode, an exception nobody should see.
 */
function messageIsForShopper(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 404 && status !== 405 && status !== 419;
}

export function serverMessages(body: unknown, status?: number): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const { error, errors, message } = body as Record<string, unknown>;
  const found: unknown[] = [error];
  if (Array.isArray(errors)) found.push(...errors);
  else if (errors && typeof errors === 'object') {
    // { field: ['…'] }, liberal about a field holding one string.
    for (const field of Object.values(errors)) found.push(...(Array.isArray(field) ? field : [field]));
  }
  const messages = unique(found);
  if (messages.length || !messageIsForShopper(status)) return messages;
  return unique([message]);
}

function unique(values: unknown[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (text) seen.add(text);
  }
  return [...seen];
}
