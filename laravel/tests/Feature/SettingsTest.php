<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Http\Client\Request;
use Illuminate\Log\Events\MessageLogged;
use Illuminate\Support\Facades\Event;
use Illuminate\Support\Facades\Http;
use PHPUnit\Framework\Attributes\DataProvider;
use StorefrontWidgets\Laravel\Tests\TestCase;

/**
 * The storefront.ssr settings, as tables: a value an operator can get wrong is refused in one warning
 * line (a minute) naming the setting, its variable and what is allowed; the page still renders, its
 * hooks empty (they render in the browser), and the service is not asked. Values written another
 * good way, as config or as the environment gives them, are taken.
 */
class SettingsTest extends TestCase
{
    private const ALLOWED = [
        'enabled' => 'true or false (or 1 or 0)',
        'url' => 'an http:// URL such as http://127.0.0.1:13714, or null (no server rendering)',
        'timeout' => 'a whole number of milliseconds from 1 to 60000',
        'keep_alive' => 'true or false (or 1 or 0)',
    ];

    private const VARIABLES = ['enabled' => 'STOREFRONT_SSR', 'url' => 'STOREFRONT_SSR_URL', 'timeout' => 'STOREFRONT_SSR_TIMEOUT', 'keep_alive' => 'STOREFRONT_SSR_KEEP_ALIVE'];

    /** @var string[] */
    private $warnings = [];

    protected function setUp(): void
    {
        parent::setUp();
        $this->prepare();
    }

    /** A published bundle, the warnings heard, a fake service that renders each hook. */
    private function prepare(): void
    {
        $this->bundle();
        Event::listen(MessageLogged::class, function (MessageLogged $event) {
            $this->warnings[] = $event->level.': '.$event->message;
        });
        Http::fake(function (Request $request) {
            return Http::response(['html' => array_fill(0, (int) $request->header('X-Storefront-Hooks')[0], '<p>server</p>')]);
        });
    }

    /** Two pages; the first one's HTML. */
    private function twoPages(): string
    {
        $html = $this->get('/?cards=2')->assertOk()->getContent();
        $this->get('/?cards=2')->assertOk();

        return $html;
    }

    /** @dataProvider refused */
    #[DataProvider('refused')]
    public function test_a_setting_it_cannot_use_is_refused_in_one_line_and_the_page_renders_its_hooks_in_the_browser(string $name, $value, string $shown)
    {
        config(["storefront.ssr.{$name}" => $value]);
        $html = $this->twoPages();

        Http::assertNothingSent();
        $this->assertStringContainsString('<div data-widget="cart-dropdown"></div>', $html);
        $this->assertStringNotContainsString('storefront-hook', $html);
        $this->assertSame([
            'warning: Storefront server rendering is off, hooks render in the browser: '
            ."storefront.ssr.{$name} (".self::VARIABLES[$name].")={$shown} is not ".self::ALLOWED[$name],
        ], $this->warnings);
    }

    public static function refused(): array
    {
        return [
            'enabled: yes' => ['enabled', 'yes', "'yes'"],
            'enabled: 2' => ['enabled', 2, '2'],
            'enabled: null' => ['enabled', null, 'NULL'],
            'url: https' => ['url', 'https://127.0.0.1:13714', "'https://127.0.0.1:13714'"],
            'url: no scheme' => ['url', '127.0.0.1:13714', "'127.0.0.1:13714'"],
            'url: a number' => ['url', 13714, '13714'],
            'url: with a query' => ['url', 'http://127.0.0.1:13714?x=1', "'http://127.0.0.1:13714?x=1'"],
            'timeout: abc' => ['timeout', 'abc', "'abc'"],
            'timeout: 200ms' => ['timeout', '200ms', "'200ms'"],
            'timeout: 0' => ['timeout', 0, '0'],
            'timeout: -1' => ['timeout', -1, '-1'],
            'timeout: 60001' => ['timeout', 60001, '60001'],
            'timeout: 0.5' => ['timeout', 0.5, '0.5'],
            'timeout: null' => ['timeout', null, 'NULL'],
            'keep_alive: on' => ['keep_alive', 'on', "'on'"],
            'keep_alive: an array' => ['keep_alive', [true], 'an array'],
        ];
    }

    /** @dataProvider refusedFromTheEnvironment */
    #[DataProvider('refusedFromTheEnvironment')]
    public function test_a_variable_it_cannot_use_is_refused_as_written(string $name, string $value)
    {
        $this->env = [self::VARIABLES[$name] => $value];
        $this->refreshApplication();
        $this->prepare();
        $this->twoPages();

        Http::assertNothingSent();
        $this->assertCount(1, $this->warnings);
        $this->assertStringContainsString("storefront.ssr.{$name} (".self::VARIABLES[$name].")='{$value}' is not ".self::ALLOWED[$name], $this->warnings[0]);
    }

    public static function refusedFromTheEnvironment(): array
    {
        return [
            'STOREFRONT_SSR=yes' => ['enabled', 'yes'],
            'STOREFRONT_SSR_URL=localhost:13714' => ['url', 'localhost:13714'],
            'STOREFRONT_SSR_TIMEOUT=abc (was 1 ms)' => ['timeout', 'abc'],
            'STOREFRONT_SSR_TIMEOUT=0' => ['timeout', '0'],
            'STOREFRONT_SSR_KEEP_ALIVE=sometimes' => ['keep_alive', 'sometimes'],
        ];
    }

    /** @dataProvider taken */
    #[DataProvider('taken')]
    public function test_a_setting_written_another_good_way_is_taken(array $env, array $config, int $requests, string $timeout)
    {
        $this->env = $env;
        $this->refreshApplication();
        $this->prepare();
        config($config);
        $html = $this->twoPages();

        $this->assertSame([], $this->warnings);
        Http::assertSentCount($requests);
        if ($requests > 0) {
            $this->assertStringContainsString('<div data-widget="cart-dropdown"><p>server</p></div>', $html);
            Http::assertSent(function (Request $request) use ($timeout) {
                return $request->header('X-Storefront-Timeout') === [$timeout];
            });
        } else {
            $this->assertStringContainsString('<div data-widget="cart-dropdown"></div>', $html);
        }
    }

    public static function taken(): array
    {
        return [
            'the defaults' => [[], [], 2, '200'],
            'STOREFRONT_SSR_TIMEOUT=350' => [['STOREFRONT_SSR_TIMEOUT' => '350'], [], 2, '350'],
            'timeout as an integer' => [[], ['storefront.ssr.timeout' => 60000], 2, '60000'],
            'timeout " 90 "' => [[], ['storefront.ssr.timeout' => ' 90 '], 2, '90'],
            'STOREFRONT_SSR=1' => [['STOREFRONT_SSR' => '1'], [], 2, '200'],
            'STOREFRONT_SSR=false: no request, no line' => [['STOREFRONT_SSR' => 'false'], [], 0, ''],
            'STOREFRONT_SSR=0: no request, no line' => [['STOREFRONT_SSR' => '0'], [], 0, ''],
            'STOREFRONT_SSR_KEEP_ALIVE=false' => [['STOREFRONT_SSR_KEEP_ALIVE' => 'false'], [], 2, '200'],
            'keep_alive 0' => [[], ['storefront.ssr.keep_alive' => 0], 2, '200'],
            'url with a trailing slash' => [[], ['storefront.ssr.url' => 'http://127.0.0.1:9/'], 2, '200'],
            'url null: no request, no line' => [[], ['storefront.ssr.url' => null], 0, ''],
        ];
    }
}
