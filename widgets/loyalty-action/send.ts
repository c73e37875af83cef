/**
 * The loyalty call, loaded on the first click (the enhancer itself runs
 * near the viewport and stays free of the request and Preact code).
 */
import { loyaltyAdd } from '../../shared/api/calls';
import { logFailure } from '../../shared/api/client';
import { startShared } from '../../shared/runtime/shared-start';

export async function sendLoyaltyAction(type: string, signal: AbortSignal): Promise<void> {
  // The call may find the session expired: the notice must be able to show.
  startShared();
  await loyaltyAdd(type, { signal }).catch((error) => logFailure(`Loyalty points for "${type}"`, error));
}
