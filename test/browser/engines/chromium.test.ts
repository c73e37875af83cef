/** The shopper journeys in Chromium (journeys.ts, driven as driver.ts says). */
import { shopperJourneys } from './journeys';

shopperJourneys('chromium');
