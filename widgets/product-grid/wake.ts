/** Asleep in server HTML; wakes with the page, from the chunk of a category page's islands. */
export const group = 'category';
