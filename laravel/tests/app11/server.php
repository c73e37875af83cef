<?php
// Router for `php -S` (as Laravel's own server.php for artisan serve): files under the document root as they are, the rest to index.php.
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
if ($path !== '/' && is_file($_SERVER['DOCUMENT_ROOT'].$path)) {
    return false;
}
require __DIR__.'/public/index.php';
