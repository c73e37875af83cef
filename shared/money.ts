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

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$12.50", or "C$17.13" for 12.5 at factor 1.37. */
export function formatPrice(usd: number, currency: Currency = USD): string {
  return `${currency.symbol}${twoDecimals.format(usd * currency.factor)}`;
}

/** "Approx. $12.50 US" when prices are converted, otherwise null. */
export function approxUsNote(usd: number, currency: Currency = USD): string | null {
  return currency.factor === 1 ? null : `Approx. $${twoDecimals.format(usd)} US`;
}

/** Sum of quantity × price, in USD (format it with formatPrice). */
export function subtotal(items: ReadonlyArray<{ quantity: number; price: number }>): number {
  // Sum in cents so 0.1 + 0.2 style drift never reaches the 2nd decimal.
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}
