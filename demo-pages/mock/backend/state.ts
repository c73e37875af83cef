/** The mock backend's state (cart, visitor, login, searches), its stores, and the demo's fixed answers. */

export interface CartLine {
  /** Cart row id. */
  id: number;
  productId: number;
  title: string;
  price: number;
  quantity: number;
  attributes: Record<string, unknown>;
}

export interface MockState {
  cart: CartLine[];
  nextLineId: number;
  /** The visitor's country as /determine-user-country reports it. */
  visitor: 'US' | 'CA';
  /** The visitor answered the CAD offer (either way). */
  currencyDecided: boolean;
  currency: 'USD' | 'USDCAD';
  loggedIn: boolean;
  recentSearches: string[];
  /** Adds that the demo made the server refuse (see REFUSE_ADD_QUANTITY). */
}

export interface StateStore {
  read(): MockState;
  write(state: MockState): void;
}

export const PASSWORD_THAT_WORKS = 'cards4life';
export const LOGIN_ERROR = 'These credentials do not match our records.';
/** Adding this many of anything makes the mock refuse with an errors list. */
export const REFUSE_ADD_QUANTITY = 13;
export const CAD_FACTOR = 1.37;

export function initialState(): MockState {
  return {
    cart: [],
    nextLineId: 1,
    visitor: 'US',
    currencyDecided: false,
    currency: 'USD',
    loggedIn: false,
    recentSearches: ['pokemon 151', 'topps chrome'],
  };
}

export function memoryStore(seed: Partial<MockState> = {}): StateStore {
  let state = { ...initialState(), ...seed };
  return { read: () => structuredClone(state), write: (next) => (state = structuredClone(next)) };
}
