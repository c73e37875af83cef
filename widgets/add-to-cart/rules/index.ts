export { initialFormState, ADDON_OPTOUT, type FormState } from './form-state';
export { selectableVariations, chosenVariation, hasSelectableVariations } from './variations';
export { isBreakerEligible, eligibleBreakers, activeBreaker, formatNextLive } from './breakers';
export {
  availableQuantity,
  warehouseStock,
  isSpecificWarehouse,
  GENERAL_STOCK_LOCATIONS,
} from './available';
export {
  quantityControl,
  isQuantityDisabled,
  increment,
  decrement,
  MIN_QUANTITY,
  type QuantityControl,
  type QuantityOptions,
} from './quantity';
export {
  addonOffer,
  addonOptions,
  addonNeedsChoice,
  chosenAddonOption,
  addonChoiceComplete,
  ADDON_LIMITED_TIME,
  type AddonOffer,
} from './addon';
export { unitPrice, fullPrice, paysDeposit, shownPrice, depositMessage } from './price';
export { offersExpressCheckout } from './express';
export {
  displayTitle,
  buttonLabel,
  lastOneAvailable,
  productNotices,
  formBadges,
  type FormBadge,
  rewardOnlyNotice,
  liveBreakOnlyNotice,
  ineligibleNotice,
  liveBreakScheduleLink,
  internationalBuyersLink,
  PRESALE_SUFFIX,
  LAST_ONE_AVAILABLE,
  type Notice,
  type NoticeKind,
} from './labels';
export { addToCartBlockers, isAddToCartDisabled, ADD_TO_CART_BLOCKERS, type AddToCartBlocker } from './disabled';
export { buildCartAddPayload, cartAddAttributes, type PayloadContext } from './payload';
