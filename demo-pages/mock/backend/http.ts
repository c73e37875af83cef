/**
 * How the mock answers over HTTP apart from the shop's rules: failure modes,
 * Laravel's answer styles, redirects, request bodies and the demo cookies.
 */
import { delay, HttpResponse } from 'msw';

export type FailureMode = '500' | '404' | '419' | '419-once' | 'timeout' | 'malformed' | 'network' | 'empty';

/**
 * How the login and cart-add routes answer:
 * - 'json': the spec's shapes (`{error}` 422, `{errors: [...]}` 422).
 * - 'laravel': Breeze/Fortify with `Accept: application/json`: a successful
 *   login is `redirect()->intended('/user/logged-in')` (302, the browser follows
 *   it to the page); refusals are `$request->validate()`'s 422
 *   `{message, errors: {field: [...]}}`.
 * - 'laravel-redirect': as 'laravel', but a refused login is sent back to
 *   /login (302), as Laravel does for a request that does not expect JSON.
 */
export type AnswerStyle = 'json' | 'laravel' | 'laravel-redirect';
export const ANSWER_STYLES: readonly AnswerStyle[] = ['json', 'laravel', 'laravel-redirect'];

/** What Laravel's ValidationException renders for a request that expects JSON. */
export function laravelValidation(errors: Record<string, string[]>) {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  return { message: more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0], errors };
}

/** A redirect the browser follows (the demo server renders the page it lands on). */
export function redirect(location: string) {
  return new HttpResponse(null, { status: 302, headers: { Location: location } });
}

/** The answer of a failure mode; undefined for an unknown mode (then the route answers). */
export function failureAnswer(mode: FailureMode): (() => Promise<Response> | Response) | undefined {
  switch (mode) {
    case '500':
      return () => HttpResponse.json({ message: 'Server Error' }, { status: 500 });
    case '404':
      return () => HttpResponse.json({ message: 'Not Found' }, { status: 404 });
    case '419':
    case '419-once':
      return () => HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
    case 'timeout':
      return async () => {
        await delay('infinite');
        return HttpResponse.json({});
      };
    case 'malformed':
      return () => HttpResponse.text('<html><body>Whoops, looks like something went wrong.</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    case 'network':
      return () => HttpResponse.error();
    case 'empty': // a healthy answer with an empty list (e.g. ?fail=/recently-viewed:empty)
      return () => HttpResponse.json([]);
  }
}

export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) return ((await request.json()) ?? {}) as Record<string, unknown>;
    if (type.includes('form')) return Object.fromEntries(await request.formData()) as Record<string, unknown>;
    const text = await request.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The demo server renders the page config from these (as Laravel would from the session). */
export function setDemoCookie(name: string, value: string): void {
  if (typeof document !== 'undefined') document.cookie = `${name}=${value}; path=/; SameSite=Lax`;
}
