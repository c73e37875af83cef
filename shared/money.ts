/**
 * Money display per spec §9: prices are USD amounts from the server, shown
 * multiplied by the currency factor, with 2 decimals, prefixed by the symbol.
 * When the factor is not 1 an "Approx. $X US" note gives the US price.
 */
export interface Currency {
  /** Multiplier from USD to the display currency; 1 for USD. */
  factor: number;
  /** Printed before the amount. */
  symbol: string;
}

export const USD: Currency = { factor: 1, symbol: '$' };

/**
 * "1,234.50": 2 decimals, comma thousands. Not Intl.NumberFormat: creating
 * one loads ICU number data, a long task on a slow phone for one pattern.
 */
function twoDecimals(amount: number): string {
  // Rounds as PHP's round() and number_format() do, so the islands print
  // what the server prints: half away from zero, on the amount read to 15
  // significant digits (PHP's pre-rounding). 3.50 × 1.37 is 4.795, stored as
  // 4.79499…: toFixed(2) would give 4.79, PHP and this 4.80. Intl differs
  // where the double lies just under the half: 50 × 1.3333 (66.66499…) is
  // 66.66 in Intl, 66.67 here and in PHP (checked against PHP 8.2).
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 && cents !== 0 ? '-' : '';
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** "$12.50", or "C$17.13" for 12.5 at factor 1.37. */
export function formatPrice(usd: number, currency: Currency = USD): string {
  return `${currency.symbol}${twoDecimals(usd * currency.factor)}`;
}

/** "Approx. $12.50 US" when prices are converted, otherwise null. */
export function approxUsNote(usd: number, currency: Currency = USD): string | null {
  return currency.factor === 1 ? null : `Approx. $${twoDecimals(usd)} US`;
}

/** Sum of quantity × price, in USD (format it with formatPrice). */
export function subtotal(items: ReadonlyArray<{ quantity: number; price: number }>): number {
  // Sum in cents so 0.1 + 0.2 style drift never reaches the 2nd decimal.
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}
