import { describe, expect, it } from 'vitest';
import { buysWithNormalButton, REWARD_ONLY_NOTICE, type PurchaseFlags } from '../../../shared/rules/purchase';

describe('buysWithNormalButton (spec §6), for both product shapes', () => {
  it.each<[string, PurchaseFlags, boolean]>([
    ['teaser, reward-only', { rewardRedemptionOnly: true }, false],
    ['teaser, not reward-only', { rewardRedemptionOnly: false }, true],
    ['full product, reward-only', { RewardRedemptionOnly: true }, false],
    ['full product, not reward-only', { RewardRedemptionOnly: false }, true],
  ])('%s → %s', (_, flags, expected) => {
    expect(buysWithNormalButton(flags)).toBe(expected);
  });

  it('the notice says where it can be had and links its words to the Rewards Program', () => {
    expect(REWARD_ONLY_NOTICE.text).toBe('This product is only available within the Rewards Program.');
    expect(REWARD_ONLY_NOTICE.text).toContain(REWARD_ONLY_NOTICE.link.text);
    expect(REWARD_ONLY_NOTICE.link.href).toBe('/claim-loyalty-rewards');
  });
});
