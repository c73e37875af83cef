<?php

use StorefrontWidgets\Laravel\StorefrontServiceProvider;

// Every default of the package is here (php artisan vendor:publish --tag=storefront-config).
return [
    // The published builds under public/ (php artisan storefront:publish): one folder per build, named
    // by its hash, beside the builds published before it. Shared between releases in a zero-downtime
    // deploy (docs/laravel.md, "Deploying"). Its URLs go through asset(): ASSET_URL, a CDN or a sub-folder work.
    'path' => env('STOREFRONT_PATH', 'storefront'),

    // The built bundle storefront:publish copies: the package's own dist/public, written by `npm run build`.
    'bundle' => env('STOREFRONT_BUNDLE', StorefrontServiceProvider::dist('public')),

    // How long a build stays published once a newer one replaced it (php artisan storefront:prune-builds):
    // a page opened before a deploy keeps loading its islands at least this long. A number, 0 or more (not cast
    // here: a value that is not one makes storefront:prune-builds stop with a line naming it, removing nothing).
    'keep_hours' => env('STOREFRONT_KEEP_HOURS', 24),

    // The middleware group that gets FillHooks (the server HTML into the page's hooks); null: the app adds
    // StorefrontWidgets\Laravel\Http\FillHooks to the groups or routes it wants.
    'middleware_group' => env('STOREFRONT_MIDDLEWARE_GROUP', 'web'),

    'ssr' => [
        // Each value below is checked where it is used, not cast here: one the package refuses (a timeout of 'abc',
        // a URL that is not http://) turns server rendering off with one warning line a minute naming it.
        // Server rendering on or off (true or false, 1 or 0): off, every hook is empty and renders in the browser.
        'enabled' => env('STOREFRONT_SSR', true),
        // The render service (php artisan storefront:ssr): an http:// URL.
        'url' => env('STOREFRONT_SSR_URL', 'http://127.0.0.1:13714'),
        // How long a page waits for it, in milliseconds (1 to 60000); then its hooks render in the browser.
        'timeout' => env('STOREFRONT_SSR_TIMEOUT', 200),
        // Each PHP worker keeps one connection to it (false: a new connection per page, Laravel's Http as is).
        'keep_alive' => env('STOREFRONT_SSR_KEEP_ALIVE', true),
        // The Node binary storefront:ssr runs (20.11 or later).
        'node' => env('STOREFRONT_NODE', 'node'),
        // The render service storefront:ssr runs: the package's own, one file with no npm dependency
        // (built from the repository's server/ by npm run build).
        'script' => env('STOREFRONT_SSR_SCRIPT', StorefrontServiceProvider::dist('ssr-server.mjs')),
    ],

    // Field data (docs/laravel.md, "Field data"): what the pages' beacons report, island by island. Off by default.
    // Each value is checked when the app boots, not cast here: one refused leaves the route off, in one warning line naming it.
    'field_data' => [
        // The receiving route on or off (true or false, 1 or 0); on: run `php artisan migrate` once (its table).
        'enabled' => env('STOREFRONT_FIELD_DATA', false),
        // Its path: the endpoint of the pages' fieldData config.
        'path' => env('STOREFRONT_FIELD_DATA_PATH', '/storefront/field-data'),
        // Beacons one client (its IP, kept hashed in the cache for the minute only) may send a minute: 1 to 10000.
        'per_minute' => env('STOREFRONT_FIELD_DATA_PER_MINUTE', 30),
    ],
];
