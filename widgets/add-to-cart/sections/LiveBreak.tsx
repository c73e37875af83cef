/** Live break (spec §4 "Ticking live break reveals a breaker picker", §5 "Breakers"). */
import type { LiveBreaker, Product } from '../../../shared/api/schemas';
import { Spinner } from '../../../shared/ui/Spinner';
import * as r from '../rules';

interface LiveBreakProps {
  id: string;
  product: Product;
  state: r.FormState;
  choose: (patch: Partial<r.FormState>) => void;
  tick: (on: boolean) => void;
  /** Eligible breakers, or null while they load. */
  breakers: LiveBreaker[] | null;
}

export function LiveBreakField({ id, product, state, choose, tick, breakers }: LiveBreakProps) {
  const showPicker = product.LiveBreakOnly || state.liveBreak;
  return (
    <div className="sfw-add-to-cart__live">
      {!product.LiveBreakOnly && (
        <label className="sfw-add-to-cart__check">
          <input type="checkbox" checked={state.liveBreak} aria-controls={`${id}-breakers`} onChange={(e) => tick(e.currentTarget.checked)} />
          Open it on a live break
        </label>
      )}
      <div id={`${id}-breakers`} hidden={!showPicker}>
        {showPicker && (
          <fieldset className="sfw-add-to-cart__breakers">
            <legend>Choose a breaker</legend>
            {!breakers ? (
              <Spinner size="sm" label="Loading live breakers…" />
            ) : breakers.length === 0 ? (
              <p className="sfw-add-to-cart__muted">No live breaker is available right now.</p>
            ) : (
              breakers.map((b) => {
                const next = r.formatNextLive(b.next_live);
                return (
                  <label key={b.identifier} className="sfw-add-to-cart__breaker">
                    <input type="radio" name={`${id}-breaker`} value={b.identifier} checked={state.breakerId === b.identifier} onChange={() => choose({ breakerId: b.identifier })} />
                    <span>
                      <span className="sfw-add-to-cart__breaker-name">{b.identifier}</span>
                      {next && <span className="sfw-add-to-cart__muted">Next live: {next}</span>}
                    </span>
                  </label>
                );
              })
            )}
          </fieldset>
        )}
      </div>
    </div>
  );
}
