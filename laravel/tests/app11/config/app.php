<?php
// The skeleton's config/app.php, slimmed as Laravel 11's: the rest are the framework's defaults.

return [
    'name' => env('APP_NAME', 'Card shop'),
    'env' => env('APP_ENV', 'testing'),
    'debug' => (bool) env('APP_DEBUG', true),
    'url' => env('APP_URL', 'http://localhost'),
    'key' => env('APP_KEY'),
];
