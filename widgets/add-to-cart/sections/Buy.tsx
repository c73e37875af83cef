/** Quantity, the button and what it says back (spec §4 "Add to cart", §5 "Quantity control"). */
import { Spinner } from '../../../shared/ui/Spinner';
import type { Product } from '../../../shared/api/schemas';
import * as r from '../rules';
import type { AddToCart } from '../use-add-to-cart';

export function BuyRow({ id, product, form }: { id: string; product: Product; form: AddToCart }) {
  const { quantity, blocked, saving, expressRunning, reason } = form;
  return (
    <div className="sfw-add-to-cart__buy">
      <div className="sfw-add-to-cart__qty">
        <label className="sfw-add-to-cart__qty-label" htmlFor={`${id}-qty`}>
          Qty
        </label>
        <button type="button" className="sfw-add-to-cart__qty-btn" aria-label="Decrease quantity" disabled={!quantity.control.canDecrement} onClick={quantity.decrement}>
          −
        </button>
        <input
          id={`${id}-qty`}
          className="sfw-add-to-cart__qty-input"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, form.available)}
          value={quantity.text}
          disabled={quantity.control.disabled}
          onInput={(e) => quantity.type(e.currentTarget.value)}
          onBlur={quantity.settle}
        />
        <button type="button" className="sfw-add-to-cart__qty-btn" aria-label="Increase quantity" disabled={!quantity.control.canIncrement} onClick={quantity.increment}>
          +
        </button>
      </div>
      <button
        type="submit"
        className="sfw-btn sfw-btn--primary sfw-add-to-cart__submit"
        aria-disabled={blocked || saving || expressRunning}
        aria-busy={saving}
        aria-describedby={reason ? `${id}-why` : undefined}
      >
        {saving && <Spinner size="sm" />}
        {saving ? 'Adding…' : r.buttonLabel(product)}
      </button>
    </div>
  );
}

/** The over-demand flag, why the button is disabled, and the server's errors as alert lines. */
export function Messages({ id, form }: { id: string; form: AddToCart }) {
  return (
    <>
      {form.overDemand && (
        <p className="sfw-add-to-cart__over" role="alert">
          {`Sorry, only ${form.available} available.`}
        </p>
      )}
      {form.reason && (
        <p id={`${id}-why`} className="sfw-add-to-cart__why">
          {form.reason}
        </p>
      )}
      <div className="sfw-add-to-cart__errors">
        {form.errors.map((error, i) => (
          <p key={i} className="sfw-alert" role="alert">
            {error}
          </p>
        ))}
      </div>
    </>
  );
}
