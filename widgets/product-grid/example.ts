import { exampleTeasers } from '../../shared/api/examples';

/** product-grid: its props as PHP sends them, one example (build/islands.mjs: the render service's warm-up, the docs' and the embedding tests). */
export default { products: exampleTeasers(48) };
