/**
 * What the shopper has chosen in the add-to-cart form. Every rule in this
 * folder reads it; none changes it (the component owns the state).
 */
export interface FormState {
  /** Units to add; the controls keep it at 1 or more. */
  quantity: number;
  /** The chosen variation's `id`, or null when none is chosen. */
  variationId: number | null;
  /**
   * The free add-on choice: null = nothing chosen yet, '' = the unselected
   * placeholder, 'optout' = no gift, otherwise the gift option's id as a string.
   */
  addonChoice: string | null;
  /** The "open it on a live break" tick. */
  liveBreak: boolean;
  /** The chosen breaker's `identifier`, or null. */
  breakerId: string | null;
  /** Pay the full amount instead of the deposit (down-payment products only). */
  payFull: boolean;
}

/** The add-on choice that declines the gift (spec §5 "Variations and add-ons"). */
export const ADDON_OPTOUT = 'optout';

export function initialFormState(): FormState {
  return { quantity: 1, variationId: null, addonChoice: null, liveBreak: false, breakerId: null, payFull: false };
}
