import { atom } from 'nanostores';

/** Set when a call still got 419 after one cookie refresh: the page must be reloaded. */
export const $sessionExpired = atom(false);
