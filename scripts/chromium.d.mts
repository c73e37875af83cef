import type { Browser } from 'playwright-core';

export declare const DEBIAN_CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function chromiumExecutable(): Promise<{ executablePath: string; headless: string }>;
export declare function launchChromium(): Promise<Browser>;
