/**
 * loyalty-action: earns rewards points for an action (spec §7 POST /loyalty-add).
 * An enhancer: the server's own element stays as it is, a click adds the call.
 *
 *   <button type="button" data-widget="loyalty-action" data-props='{"type":"share"}'>Share this page</button>
 *
 * Props:
 * - type (required, non-empty text): the action sent as `{ type }`.
 * Each click sends one POST /loyalty-add; clicks while one is in flight are
 * ignored. The answer is not shown; a failure is only logged (spec §8). The
 * element's own behaviour (a link, a share button) is left untouched.
 */
import * as v from 'valibot';
import { defineEnhancer } from '../../shared/runtime/enhancer';
import { parseProps } from '../../shared/runtime/props';

export const Props = v.object({ type: v.pipe(v.string(), v.trim(), v.nonEmpty('must name the action'), v.maxLength(64)) });

function enhanceLoyaltyAction(host: HTMLElement, { type }: v.InferOutput<typeof Props>): () => void {
  let inFlight: AbortController | null = null;
  const onClick = () => {
    if (inFlight) return;
    const controller = (inFlight = new AbortController());
    import('./send')
      .then(({ sendLoyaltyAction }) => sendLoyaltyAction(type, controller.signal))
      .catch((error) => console.error('[storefront] loyalty-action:', error))
      .finally(() => {
        if (inFlight === controller) inFlight = null;
      });
  };
  host.addEventListener('click', onClick);
  return () => {
    host.removeEventListener('click', onClick);
    inFlight?.abort();
  };
}

export default defineEnhancer('loyalty-action', enhanceLoyaltyAction, (host) => parseProps('loyalty-action', host, Props));
