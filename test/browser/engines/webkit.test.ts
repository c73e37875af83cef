/** The shopper journeys in Webkit (journeys.ts, driven as driver.ts says). */
import { shopperJourneys } from './journeys';

shopperJourneys('webkit');
