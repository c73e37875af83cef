import { describe, expect, it } from 'vitest';
import { countryOutcome } from '../../../widgets/country-prompt/rules/country';

describe('countryOutcome (spec §4 Country offer, §6, §9: only non-US visitors)', () => {
  it.each([
    [{ country: 'US', opt: false }, { remember: null, offer: false }],
    // US visitors are never offered CAD, whatever opt says.
    [{ country: 'US', opt: true }, { remember: null, offer: false }],
    [{ country: 'us', opt: true }, { remember: null, offer: false }],
    [{ country: '', opt: true }, { remember: null, offer: false }],
    [{ country: 'CA', opt: true }, { remember: 'CA', offer: true }],
    [{ country: 'CA', opt: false }, { remember: 'CA', offer: false }],
    [{ country: ' ca ', opt: true }, { remember: 'CA', offer: true }],
    [{ country: 'GB', opt: true }, { remember: 'GB', offer: true }],
  ])('%j → %j', (check, expected) => {
    expect(countryOutcome(check)).toEqual(expected);
  });
});
