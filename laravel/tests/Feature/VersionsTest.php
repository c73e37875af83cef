<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Foundation\Application;
use StorefrontWidgets\Laravel\Tests\TestCase;

/**
 * The Laravel and PHP this suite runs on are ones composer.json requires:
 * each leg of scripts/test-php.sh tests a version the package claims
 * (test/unit/docs/laravel-versions.test.ts keeps the claim, the legs and the docs in step).
 */
class VersionsTest extends TestCase
{
    public function test_the_laravel_and_php_running_are_required_by_composer_json()
    {
        $require = json_decode(file_get_contents(dirname(__DIR__, 2).'/composer.json'), true)['require'];
        [$major, $minor] = array_map('intval', explode('.', Application::VERSION));
        $matched = array_filter(explode('|', $require['laravel/framework']), function ($part) use ($major, $minor) {
            return preg_match('/^\^(\d+)\.(\d+)$/', trim($part), $m) && (int) $m[1] === $major && $minor >= (int) $m[2];
        });
        $this->assertNotEmpty($matched, 'Laravel '.Application::VERSION." is not in composer.json's {$require['laravel/framework']}");
        $this->assertMatchesRegularExpression('/^\^8\.\d+$/', $require['php']);
        $this->assertTrue(version_compare(PHP_VERSION, substr($require['php'], 1), '>='), 'PHP '.PHP_VERSION." is below composer.json's {$require['php']}");
    }
}
