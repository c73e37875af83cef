export { teaserBadges, badgeLabel, type Badge, type BadgeKind } from './badges';
export { stockMessage, shippingNotice, GROUP_BREAK_LOW_STOCK, type StockMessage, type StockKind } from './stock';
export { teaserPrice } from './price';
