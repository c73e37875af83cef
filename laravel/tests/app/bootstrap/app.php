<?php
// The test app's bootstrap/app.php, as in a Laravel 8 to 10 skeleton; its
// storage goes where the tests say (APP_STORAGE), and its public folder too
// (APP_PUBLIC), so the suites never write into the repository.

$app = new Illuminate\Foundation\Application(dirname(__DIR__));
if (getenv('APP_STORAGE')) {
    $app->useStoragePath(getenv('APP_STORAGE'));
}
if (getenv('APP_PUBLIC')) {
    // Laravel 10 reads usePublicPath(); Laravel 8 the container's path.public.
    method_exists($app, 'usePublicPath') ? $app->usePublicPath(getenv('APP_PUBLIC')) : $app->instance('path.public', getenv('APP_PUBLIC'));
}

$app->singleton(Illuminate\Contracts\Http\Kernel::class, App\Http\Kernel::class);
$app->singleton(Illuminate\Contracts\Console\Kernel::class, App\Console\Kernel::class);
$app->singleton(Illuminate\Contracts\Debug\ExceptionHandler::class, App\Exceptions\Handler::class);

return $app;
