<?php

return [
    // Where the published bundle lives under public/ (php artisan vendor:publish --tag=storefront-assets).
    // Its URLs go through asset(), so ASSET_URL, a CDN or a sub-folder work.
    'path' => env('STOREFRONT_PATH', 'storefront'),

    // The built bundle the package publishes: the dist/ folder that `npm run build` writes
    // in the storefront-widgets checkout this package belongs to (null: that folder).
    'bundle' => env('STOREFRONT_BUNDLE'),

    'ssr' => [
        // Server rendering on or off: off, every hook is empty and renders in the browser.
        'enabled' => (bool) env('STOREFRONT_SSR', true),
        // The render service (php artisan storefront:ssr).
        'url' => env('STOREFRONT_SSR_URL', 'http://127.0.0.1:13714'),
        // How long a page waits for it, in milliseconds; then its hooks render in the browser.
        'timeout' => (int) env('STOREFRONT_SSR_TIMEOUT', 200),
        // The Node binary storefront:ssr runs.
        'node' => env('STOREFRONT_NODE', 'node'),
    ],
];
