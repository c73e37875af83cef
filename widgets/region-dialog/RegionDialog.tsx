import { useStore } from '@nanostores/react';
import { SHOP_PAGES } from '../../shared/links';
import { $region } from '../../shared/stores/region';
import { Modal } from '../../shared/ui/Modal';
import flagCaFile from './flag-ca.svg';
import flagUsFile from './flag-us.svg';

export const REGION_DIALOG_ID = 'region-dialog';

const asset = (file: string) => new URL(file, import.meta.url).href;

const REGIONS = [
  { currency: 'USD', name: 'United States', note: 'Prices in US dollars (USD)', flag: asset(flagUsFile) },
  { currency: 'USDCAD', name: 'Canada', note: 'Prices in Canadian dollars (CAD)', flag: asset(flagCaFile) },
] as const;

/** Converted prices (factor not 1) mean the CAD choice is active (spec §3, §9). */
export function currentCurrency(region: { factor: number }): 'USD' | 'USDCAD' {
  return region.factor === 1 ? 'USD' : 'USDCAD';
}

/** Spec §2: 'Choose your region', the two region links, the current one marked. */
export function RegionDialog() {
  const current = currentCurrency(useStore($region));
  return (
    <Modal id={REGION_DIALOG_ID} title="Choose your region" size="sm">
      <ul className="sfw-region-dialog">
        {REGIONS.map((region) => {
          const active = region.currency === current;
          return (
            <li key={region.currency}>
              <a
                className={active ? 'sfw-region-dialog__link sfw-region-dialog__link--current' : 'sfw-region-dialog__link'}
                href={`/opt-in-localized?currency=${region.currency}`}
                aria-current={active ? 'true' : undefined}
              >
                <img className="sfw-region-dialog__flag" src={region.flag} alt="" width="36" height="18" />
                <span className="sfw-region-dialog__text">
                  <span className="sfw-region-dialog__name">{region.name}</span>
                  {/* Two lines on screen, one string to Orca ("United StatesPrices…") without it. */}
                  <span className="sfw-visually-hidden">, </span>
                  <span className="sfw-region-dialog__note">{region.note}</span>
                </span>
                {active && (
                  <span className="sfw-region-dialog__mark" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="20" height="20">
                      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
      <p className="sfw-region-dialog__help">
        Not sure what ships to you?{' '}
        <a className="sfw-link" href={SHOP_PAGES.internationalBuyers}>
          International buyers
        </a>
      </p>
    </Modal>
  );
}
