<?php
/**
 * Server rendering for any PHP page, from a checkout of this repository: the one PHP client lives in
 * the Laravel package's folder (laravel/client/), so that the package ships it; this file only loads it.
 * A shop copies that folder (docs/embedding.md, "1. The files") and requires its storefront-ssr.php.
 */
require_once __DIR__ . '/../laravel/client/storefront-ssr.php';
