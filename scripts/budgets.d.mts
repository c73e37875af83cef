export declare const BUDGETS: {
  entry: number;
  island: number;
  islandWithPaypal: number;
  page: { ranBeforeInput: number; fetchedAfterScroll: number };
  groups: Record<string, number>;
};
export declare const PAYPAL_ISLANDS: string[];
