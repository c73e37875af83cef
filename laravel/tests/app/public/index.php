<?php
// The test app's front controller, as Laravel's public/index.php (the tests' autoloader in place of Composer's).
require __DIR__.'/../../bootstrap.php';

$app = require __DIR__.'/../bootstrap/app.php';
$kernel = $app->make(Illuminate\Contracts\Http\Kernel::class);
$response = $kernel->handle($request = Illuminate\Http\Request::capture());
$response->send();
$kernel->terminate($request, $response);
