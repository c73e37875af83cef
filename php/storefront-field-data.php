<?php
/**
 * The plain-PHP field-data receiver, from a checkout of this repository (as php/storefront-ssr.php: the
 * code lives in laravel/client/, which the package ships). Served at the fieldData endpoint, it answers
 * a beacon with the default options; from the command line: `report` or `receive`
 * (laravel/client/storefront-field-data.php says how). The demo server runs it so (demo-pages/field-data.mjs).
 */
require_once __DIR__ . '/../laravel/client/storefront-field-data.php';

if (PHP_SAPI === 'cli') {
    exit(StorefrontFieldData::main($argv));
}
StorefrontFieldData::answer();
