<?php
/*
 * What Composer does for a real app, for the test apps (tests/app, the Laravel
 * 8 to 10 skeleton; tests/app11, Laravel 11 and later's): autoloading (Debian's
 * Laravel from the include path: Laravel 8 from /usr/share/php, Laravel 10
 * from .php-deps/ put first by scripts/test-php.sh), and
 * vendor/composer/installed.json listing this package, so Laravel discovers
 * its service provider from composer.json's extra.laravel as it would.
 */
require_once 'Illuminate/autoload.php';
require_once 'GuzzleHttp/autoload.php';

spl_autoload_register(function ($class) {
    $roots = [
        'StorefrontWidgets\\Laravel\\Tests\\' => __DIR__.'/',
        'StorefrontWidgets\\Laravel\\' => dirname(__DIR__).'/src/',
        // The PHP client the package ships (composer.json's autoload has the same two folders).
        'StorefrontWidgets\\Ssr\\' => dirname(__DIR__).'/client/',
        // The test app's, or a copy's (tests/fixtures/run-page.php).
        'App\\' => (getenv('APP_BASE') ?: __DIR__.'/app').'/app/',
    ];
    foreach ($roots as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $dir.str_replace('\\', '/', substr($class, strlen($prefix))).'.php';
            if (is_file($file)) {
                require $file;
            }

            return;
        }
    }
});

$package = json_decode(file_get_contents(dirname(__DIR__).'/composer.json'), true);
$listing = json_encode(['packages' => [$package + ['version' => 'dev-main']]], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES);
foreach ([__DIR__.'/app', __DIR__.'/app11'] as $testApp) {
    $installed = "$testApp/vendor/composer/installed.json";
    if (! is_file($installed) || file_get_contents($installed) !== $listing) {
        @mkdir(dirname($installed), 0777, true);
        file_put_contents($installed, $listing);
    }
}

$storage = getenv('APP_STORAGE') ?: (getenv('APP_BASE') ?: __DIR__.'/app').'/storage';
// Both test apps' storage (a fresh clone has none; TestCase picks the app by Laravel version after this runs).
foreach (array_unique([$storage, __DIR__.'/app/storage', __DIR__.'/app11/storage']) as $folder) {
    foreach (['framework/sessions', 'framework/views', 'framework/cache', 'logs'] as $dir) {
        @mkdir("$folder/$dir", 0777, true);
    }
}
if (! getenv('APP_PACKAGES_CACHE')) {
    // Each Laravel version its own discovery cache.
    $version = Illuminate\Foundation\Application::VERSION;
    putenv("APP_PACKAGES_CACHE=$storage/packages-$version.php");
    putenv("APP_SERVICES_CACHE=$storage/services-$version.php");
    $_ENV['APP_PACKAGES_CACHE'] = $_SERVER['APP_PACKAGES_CACHE'] = "$storage/packages-$version.php";
    $_ENV['APP_SERVICES_CACHE'] = $_SERVER['APP_SERVICES_CACHE'] = "$storage/services-$version.php";
}
