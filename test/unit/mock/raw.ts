/** Whether a raw catalog product is in the named category (shared by the mock catalog tests). */
import { type RawProduct } from '../../../demo-pages/mock/catalog';

export const inCategory = (p: RawProduct, name: string) => (p.categories ?? []).some((c) => c.name === name);
