/** Asleep in server HTML; wakes with the page, from the chunk of the islands every page has. */
export const group = 'every-page';
