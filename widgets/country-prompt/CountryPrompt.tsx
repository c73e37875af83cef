import { useEffect, useRef, useState } from 'react';
import { determineUserCountry, optInCurrencyDisplay, optOutCurrency } from '../../shared/api/calls';
import { logFailure } from '../../shared/api/client';
import type { CountryCheck } from '../../shared/api/schemas';
import { readPageConfig } from '../../shared/config';
import { navigation } from '../../shared/navigation';
import { isSafeUrl } from '../../shared/safe-url';
import { $region } from '../../shared/stores/region';
import { openModal } from '../../shared/stores/modals';
import { Modal } from '../../shared/ui/Modal';
import { Spinner } from '../../shared/ui/Spinner';
import { countryOutcome, rememberCountry } from './rules/country';
import defaultFlagFile from './flag-ca.svg';

export const COUNTRY_PROMPT_ID = 'country-prompt';
/** The bundle's own Canadian flag, resolved against this chunk's URL (see ProductImage). */
export const DEFAULT_FLAG_URL = new URL(defaultFlagFile, import.meta.url).href;

export interface CountryPromptProps {
  /** Flag image shown in the offer; default: the bundle's Canadian flag. */
  flagUrl?: string | null;
}

/**
 * Spec §4 Country offer: on load the visitor's country is checked (the
 * page config's `country` answer, else GET /determine-user-country); a non-US
 * country is remembered; with `opt` the CAD offer opens. Both answers reload
 * the page, even when the call failed (§8: the opt-in fails silently).
 */
export function CountryPrompt({ flagUrl }: CountryPromptProps) {
  const [country, setCountry] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<'in' | 'out' | null>(null);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const apply = (check: CountryCheck) => {
      const outcome = countryOutcome(check);
      if (!outcome.remember) return;
      rememberCountry(outcome.remember);
      const current = $region.get();
      if (outcome.remember === 'CA') $region.set({ ...current, country: 'CA' });
      if (outcome.offer) {
        setCountry(outcome.remember);
        openModal(COUNTRY_PROMPT_ID);
      }
    };
    // The server knew the answer: no call on a passive page view.
    const given = readPageConfig().country;
    if (given?.country != null) apply({ country: given.country, opt: given.opt });
    else {
      const controller = (request.current = new AbortController());
      determineUserCountry({ signal: controller.signal }).then(apply, (error) => logFailure('Country check', error));
    }
    return () => request.current?.abort();
  }, []);

  function choose(answer: 'in' | 'out') {
    if (choosing || !country) return;
    setChoosing(answer);
    const controller = (request.current = new AbortController());
    const call = answer === 'in' ? optInCurrencyDisplay(country, { signal: controller.signal }) : optOutCurrency({ signal: controller.signal });
    call
      .catch((error) => logFailure(answer === 'in' ? 'Currency opt-in' : 'Currency opt-out', error))
      .finally(() => {
        if (!controller.signal.aborted) navigation.reload();
      });
  }

  if (!country) return null;
  return (
    // Required: the two answers are the only ways out, each one click; a
    // close icon would be a third, unclear answer and ask again next page.
    // A dialog, not an alert dialog: Orca reads an alert whole as it appears, then its title and the
    // focused answer, and again when the browser re-adds it (it did: the title three times).
    <Modal id={COUNTRY_PROMPT_ID} title="Shopping from outside the US?" size="sm" required>
      <div className="sfw-country-prompt">
        <img className="sfw-country-prompt__flag" src={flagUrl && isSafeUrl(flagUrl) ? flagUrl : DEFAULT_FLAG_URL} alt="Flag of Canada" width="96" height="48" />
        <div className="sfw-country-prompt__actions">
          <button
            type="button"
            className="sfw-btn sfw-btn--primary"
            aria-disabled={choosing !== null}
            aria-busy={choosing === 'in'}
            onClick={() => choose('in')}
          >
            {choosing === 'in' && <Spinner size="sm" />}
            Would you like to see prices in CAD?
          </button>
          <button
            type="button"
            className="sfw-btn sfw-country-prompt__decline"
            aria-disabled={choosing !== null}
            aria-busy={choosing === 'out'}
            onClick={() => choose('out')}
          >
            {choosing === 'out' && <Spinner size="sm" />}
            No thanks.
          </button>
        </div>
      </div>
    </Modal>
  );
}
