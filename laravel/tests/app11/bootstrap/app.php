<?php
// The test app of Laravel 11 and later (Laravel 13 here), as `laravel new`
// writes bootstrap/app.php: no HTTP kernel, the middleware and exceptions
// set here, the providers in bootstrap/providers.php. Its storage and public
// folder go where the tests say (APP_STORAGE, APP_PUBLIC), as tests/app's do.

use Illuminate\Foundation\Application;
use Illuminate\Foundation\Configuration\Exceptions;
use Illuminate\Foundation\Configuration\Middleware;

$app = Application::configure(basePath: dirname(__DIR__))
    ->withRouting(
        web: __DIR__.'/../routes/web.php',
        commands: __DIR__.'/../routes/console.php',
        health: '/up',
    )
    ->withMiddleware(function (Middleware $middleware): void {
        //
    })
    ->withExceptions(function (Exceptions $exceptions): void {
        //
    })->create();
if (getenv('APP_STORAGE')) {
    $app->useStoragePath(getenv('APP_STORAGE'));
}
if (getenv('APP_PUBLIC')) {
    $app->usePublicPath(getenv('APP_PUBLIC'));
}

return $app;
