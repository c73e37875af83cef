<?php
// The Laravel 11+ test app's front controller, as Laravel's public/index.php (the tests' autoloader in place of Composer's).
putenv('APP_BASE='.dirname(__DIR__));
require __DIR__.'/../../bootstrap.php';

/** @var Illuminate\Foundation\Application $app */
$app = require_once __DIR__.'/../bootstrap/app.php';
$app->handleRequest(Illuminate\Http\Request::capture());
