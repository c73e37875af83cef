import { atom } from 'nanostores';

/** Set when a call still got 419 after one cookie refresh: the page must be reloaded. */
export const $sessionExpired = atom(false);

/** The modal id of the notice that says so (shared/ui/SessionNotice.tsx). */
export const SESSION_MODAL = 'session-expired';
