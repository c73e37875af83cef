/**
 * Whether the form offers the express PayPal button (spec §4, §6): the page
 * config has a PayPal client id, and the product is bought with the normal
 * button (a reward-only product is had in the Rewards Program, so it has no
 * express checkout either). The form adds it only once mounted in the
 * browser: the button loads its SDK there, and server HTML never has it.
 */
import type { Product } from '../../../shared/api/schemas';
import { buysWithNormalButton } from '../../../shared/rules/purchase';

export function offersExpressCheckout(product: Product, paypalClientId: string): boolean {
  return paypalClientId !== '' && buysWithNormalButton(product);
}
