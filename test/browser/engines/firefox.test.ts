/** The shopper journeys in Firefox (journeys.ts, driven as driver.ts says). */
import { shopperJourneys } from './journeys';

shopperJourneys('firefox');
