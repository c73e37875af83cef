/** The seeds of every product, ids 1..N in array order, grouped by kind. */
import type { Charity } from '../../../shared/api/schemas';
import type { AssignedBreaker, Seed } from './raw-product';
import { BLOCK_POOL_LOGO, BREAKER_IMG, CHARITY_LOGO } from './reference';

const sportsRoom: AssignedBreaker = { location: 'Sports Room', img: BREAKER_IMG, img_version: 3 };
const tcgRoom: AssignedBreaker = { location: 'TCG Room', img: BREAKER_IMG, img_version: 3 };

const hockeyFightsCancer: Charity = {
  charity_code: 'HFC-2026',
  monetary_type: 'fixed',
  monetary_value: 5,
  charity_name: 'Hockey Fights Cancer',
  charity_logo: CHARITY_LOGO,
};

export const seeds: Seed[] = [
  // --- Pokémon ---
  { id: 1, title: 'Pokémon TCG: Scarlet & Violet—151 Booster Bundle', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 49.99, available: 24, break_eligible: true },
  { id: 2, title: 'Pokémon TCG: Prismatic Evolutions Elite Trainer Box', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 89.99, available: 8, isNew: true, SaleQuantityLimit: 2 },
  { id: 3, title: 'Pokémon TCG: Surging Sparks Booster Box', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 134.99, was: 159.99, available: 15, break_eligible: true },
  { id: 4, title: 'Pokémon TCG: Journey Together Booster Box', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 144.99, available: 20, break_eligible: true, gift: { id: 41, given: 1, required: 1, multiplies: true }, expires: '2026-12-31 23:59:59' },
  { id: 5, title: 'Pokémon TCG: Destined Rivals Elite Trainer Box', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 54.99, available: 1, SaleQuantityLimit: 0 },
  { id: 6, title: 'Pokémon TCG: Mega Evolution—Ascended Heroes Booster Box', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 159.99, available: 40, Presale: true, ReleaseDate: '2027-01-30', SaleQuantityLimit: 2 },
  { id: 7, title: 'Pokémon TCG: Mega Evolution—Perfect Order Elite Trainer Box', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 59.99, available: 0, Presale: true, ReleaseDate: '2027-03-27' },
  { id: 8, title: 'Pokémon TCG: Black Bolt & White Flare Binder Collection', image: 'binder', cats: ['pokemon'], brand: 'The Pokémon Company', price: 39.99, available: 0, isNew: true },
  { id: 9, title: 'Pokémon TCG: Paldean Fates Tech Sticker Collection', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 19.99, available: 0 },
  { id: 10, title: 'Pokémon Mystery Power Box <img src=x onerror=alert(1)>', image: 'booster-box', cats: ['pokemon'], brand: 'Steel City Collectibles', price: 29.99, available: 30 },
  { id: 11, title: 'Pokémon TCG: Charizard ex Super-Premium Collection', image: 'etb', cats: ['pokemon', 'rewards'], brand: 'The Pokémon Company', price: 119.99, available: 5, RewardRedemptionOnly: true },
  { id: 12, title: "Pokémon TCG: Trainer's Toolkit 2026", image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 34.99, available: 18, gift: { id: 42, given: 1, required: 1, multiplies: false }, expires: '2026-12-31 23:59:59' },
  { id: 13, title: 'Pokémon TCG: Holiday Calendar 2026', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 44.99, available: 25, SaleQuantityLimit: 3 },
  // --- Magic: The Gathering ---
  { id: 14, title: 'Magic: The Gathering—Foundations Play Booster Box', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 139.99, available: 22, break_eligible: true },
  { id: 15, title: 'Magic: The Gathering—Secrets of Strixhaven Collector Booster Box', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 449.99, available: 12, Presale: true, ReleaseDate: '2027-04-23', DownPayment: true, DepositPrice: 100 },
  { id: 16, title: 'Magic: The Gathering—Duskmourn Play Booster Box', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 89.99, was: 134.99, available: 9, isClearance: true },
  { id: 17, title: 'Magic: The Gathering—Innistrad Remastered Play Boosters', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 5.99, options: [['Single Pack', 5.99, 36], ['Sealed Booster Box (36)', 0, 4], ['3-Pack Blister', 17.49, 0], ['12-Pack Bundle', 64.99, 6]] },
  { id: 18, title: 'Magic: The Gathering—Edge of Eternities Commander Deck', image: 'etb', cats: ['magic'], brand: 'Wizards of the Coast', price: 44.99, available: 14 },
  // --- Sports ---
  { id: 19, title: '2025 Topps Chrome Baseball Hobby Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 329.99, break_eligible: true, stock: [[7, 6], [12, 0], [19, 4]] },
  { id: 20, title: '2025-26 Panini Prizm Basketball Hobby Box', image: 'hobby-box', cats: ['basketball'], brand: 'Panini', price: 1099.99, break_eligible: true, stock: [[7, 3], [0, 0]] },
  { id: 21, title: '2025 Panini Prizm Football Hobby Box', image: 'hobby-box', cats: ['football'], brand: 'Panini', price: 899.99, LiveBreakOnly: true, break_eligible: true, stock: [[19, 8]] },
  { id: 22, title: '2025 Bowman Chrome Baseball Hobby Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 279.99, available: 10, gift: { id: 44, given: 1, required: 2, multiplies: false }, expires: '2026-12-15 23:59:59' },
  { id: 23, title: '2025-26 Upper Deck Series 1 Hockey Hobby Box', image: 'hobby-box', cats: ['hockey'], brand: 'Upper Deck', price: 139.99, available: 17, ActiveCharity: hockeyFightsCancer },
  { id: 24, title: '2025 Topps Series 2 Baseball Jumbo Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 219.99, available: 11, BlockPool: true, BlockPoolLogo: BLOCK_POOL_LOGO, BlockPoolSpotsEligible: 3 },
  { id: 25, title: '2025 Topps Museum Collection Baseball Hobby Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 399.99, available: 4, Eligible: false },
  { id: 26, title: '2025-26 Topps Chrome UEFA Club Competitions Soccer', image: 'hobby-box', cats: ['soccer'], brand: 'Topps', price: 279.99, options: [['Hobby Box', 279.99, 10], ["Breaker's Delight Box", 329.99, 6], ['Sapphire Edition Box', 449.99, 2]] },
  { id: 27, title: '2025 Topps Chrome Update Series Hobby Case (12 Boxes)', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 2999.99, available: 3, wholesale: true },
  { id: 28, title: '2025 Panini Donruss Optic Football Mega Box', image: 'hobby-box', cats: ['football'], brand: 'Panini', price: 79.99, was: 99.99, list: 109.99, available: 21 },
  // --- Group breaks ---
  { id: 29, title: 'Group Break #2141: 2025 Topps Chrome Baseball 12-Box Case (Random Team)', image: 'break', cats: ['groupBreaks', 'baseball'], brand: 'Steel City Collectibles', price: 89.99, available: 3, breakDate: '2026-11-28', assignedBreaker: sportsRoom, isGuaranteedBreak: true },
  { id: 30, title: 'Group Break #2142: 2025-26 Panini Prizm Basketball Half Case (Pick Your Team)', image: 'break', cats: ['groupBreaks', 'basketball'], brand: 'Steel City Collectibles', price: 149.99, available: 0, breakDate: '2026-11-24', assignedBreaker: sportsRoom },
  { id: 31, title: 'Group Break #2143: 2025 Panini National Treasures Football Case (Random Division)', image: 'break', cats: ['groupBreaks', 'football'], brand: 'Steel City Collectibles', price: 249.99, available: 12, breakDate: null },
  { id: 32, title: 'Group Break #2144: Pokémon Prismatic Evolutions Booster Bundle Case (Random Slot)', image: 'break', cats: ['groupBreaks', 'pokemon'], brand: 'Steel City Collectibles', price: 24.99, was: 29.99, available: 20, breakDate: '2026-12-02', assignedBreaker: tcgRoom },
  { id: 33, title: 'Caseapalooza Break #88: 2025 Bowman Baseball Jumbo Case (Random Team)', image: 'break', cats: ['groupBreaks', 'baseball'], brand: 'Steel City Collectibles', price: 64.99, available: 30, breakDate: '2026-12-05', caseapalooza: true, isGuaranteedBreak: true, assignedBreaker: sportsRoom },
  // --- Other TCGs ---
  { id: 34, title: 'One Piece Card Game: OP-13 Carrying On His Will Booster Box', image: 'booster-box', cats: ['onePiece'], brand: 'Bandai', price: 129.99, available: 16, isNew: true, break_eligible: true },
  { id: 35, title: 'Disney Lorcana: Whispers in the Well Booster Box', image: 'booster-box', cats: ['lorcana'], brand: 'Ravensburger', price: 119.99, was: 144.99, available: 9 },
  { id: 36, title: 'Yu-Gi-Oh! 25th Anniversary Rarity Collection II Booster Box', image: 'booster-box', cats: ['yugioh'], brand: 'Konami', price: 94.99, available: 11 },
  { id: 37, title: 'One Piece Card Game: Premium Booster—The Best Vol. 2', image: null, cats: ['onePiece'], brand: 'Bandai', price: 149.99, available: 7 },
  { id: 38, title: "Disney Lorcana: Archazia's Island Illumineer's Trove", image: 'etb', cats: ['lorcana'], brand: 'Ravensburger', price: 49.99, available: 13 },
  // --- Graded ---
  { id: 39, title: 'PSA 10 Charizard ex #199 Special Illustration Rare (151)', image: 'slab', cats: ['graded', 'pokemon'], brand: 'PSA', price: 899.99, available: 1, SaleQuantityLimit: 1 },
  { id: 40, title: 'BGS 9.5 Shohei Ohtani 2018 Topps Update Rookie #US1', image: 'slab', cats: ['graded', 'baseball'], brand: 'Beckett', price: 449.99, available: 2 },
  // --- Supplies ---
  { id: 41, title: 'Ultra Pro 3" x 4" Regular Toploaders (25ct)', image: 'toploader', cats: ['supplies'], brand: 'Ultra Pro', price: 4.99, available: 500 },
  { id: 42, title: 'Dragon Shield Matte Sleeves (100ct)', image: 'sleeves', cats: ['supplies'], brand: 'Dragon Shield', price: 12.99, optionType: 'Color', options: [['Black', 12.99, 60], ['Crimson', 12.99, 25], ['Jet', 12.99, 0], ['Clear', 12.99, 40]] },
  { id: 43, title: 'Ultra Pro Penny Sleeves (100ct)', image: 'sleeves', cats: ['supplies'], brand: 'Ultra Pro', price: 1.49, available: 800 },
  { id: 44, title: 'Ultra Pro Magnetic One-Touch Card Holder (35pt)', image: 'toploader', cats: ['supplies'], brand: 'Ultra Pro', price: 3.99, available: 240 },
  { id: 45, title: 'Ultra Pro 9-Pocket PRO-Binder', image: 'binder', cats: ['supplies'], brand: 'Ultra Pro', price: 24.99, available: 60 },
  { id: 46, title: 'Vault X Exo-Tec 4-Pocket Zip Binder', image: 'binder', cats: ['supplies'], brand: 'Vault X', price: 19.99, available: 45 },
  { id: 47, title: 'BCW Resealable Team Bags (100ct)', image: 'sleeves', cats: ['supplies'], brand: 'BCW', price: 3.49, available: 300 },
  { id: 48, title: 'BCW Graded Slab Storage Box', image: 'slab', cats: ['supplies'], brand: 'BCW', price: 9.99, available: 70 },
  { id: 49, title: 'Ultra Pro Graded Card Sleeves (100ct)', image: 'slab', cats: ['supplies'], brand: 'Ultra Pro', price: 5.99, available: 150 },
  { id: 50, title: 'Ultra Pro Card Storage Box (800ct)', image: 'toploader', cats: ['supplies'], brand: 'Ultra Pro', price: 2.99, available: 120 },
];
