import { atom } from 'nanostores';

/**
 * Set while the express PayPal flow runs (spec §4 Express PayPal), cleared on
 * cancel or error. While set, the normal add-to-cart button cannot submit.
 */
export const $expressCheckoutRunning = atom(false);
