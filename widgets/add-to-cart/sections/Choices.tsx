/** The shopper's choices: variation, free gift, deposit or full amount (spec §5). */
import type { Product, VariationOption } from '../../../shared/api/schemas';
import { formatPrice, type Currency } from '../../../shared/money';
import * as r from '../rules';

interface ChoiceProps {
  /** The form's page-unique id, the prefix of its fields' ids. */
  id: string;
  product: Product;
  state: r.FormState;
  choose: (patch: Partial<r.FormState>) => void;
  region: Currency;
}

export function VariationField({ id, options, chosen, choose, region }: Omit<ChoiceProps, 'product' | 'state'> & { options: VariationOption[]; chosen: VariationOption | null }) {
  return (
    <div className="sfw-add-to-cart__field">
      <label htmlFor={`${id}-var`}>{options[0]!.type || 'Option'}</label>
      <select
        id={`${id}-var`}
        className="sfw-select"
        value={chosen ? String(chosen.id) : ''}
        onChange={(e) => choose({ variationId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
      >
        <option value="">Choose an option</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {`${o.value} – ${formatPrice(o.price, region)}`}
          </option>
        ))}
      </select>
    </div>
  );
}

export function GiftField({ id, gift, state, choose }: Pick<ChoiceProps, 'id' | 'state' | 'choose'> & { gift: NonNullable<Product['AddOnProduct']> }) {
  return (
    <div className="sfw-add-to-cart__gift">
      <p className="sfw-add-to-cart__gift-title">{`Free gift: ${gift.product.title}`}</p>
      {r.addonOffer(gift).lines.map((line) => (
        <p key={line} className="sfw-add-to-cart__gift-line">
          {line}
        </p>
      ))}
      {r.addonNeedsChoice(gift) && (
        <div className="sfw-add-to-cart__field">
          <label htmlFor={`${id}-gift`}>Your free gift</label>
          <select id={`${id}-gift`} className="sfw-select" value={state.addonChoice ?? ''} onChange={(e) => choose({ addonChoice: e.currentTarget.value })}>
            <option value="">Choose your gift</option>
            {r.addonOptions(gift).map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.value}
              </option>
            ))}
            <option value={r.ADDON_OPTOUT}>No thanks</option>
          </select>
        </div>
      )}
    </div>
  );
}

export function PaymentField({ id, product, state, choose, region }: ChoiceProps) {
  return (
    <fieldset className="sfw-add-to-cart__pay">
      <legend>Payment</legend>
      <label className="sfw-add-to-cart__check">
        <input type="radio" name={`${id}-pay`} checked={!state.payFull} onChange={() => choose({ payFull: false })} />
        {`Pay a deposit of ${formatPrice(product.DepositPrice, region)} now`}
      </label>
      <label className="sfw-add-to-cart__check">
        <input type="radio" name={`${id}-pay`} checked={state.payFull} onChange={() => choose({ payFull: true })} />
        {`Pay the full amount of ${formatPrice(r.fullPrice(product, state), region)}`}
      </label>
      {r.paysDeposit(product, state) && <p className="sfw-add-to-cart__muted">{r.depositMessage}</p>}
    </fieldset>
  );
}
