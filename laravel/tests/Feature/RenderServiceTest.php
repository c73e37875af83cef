<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Log\Events\MessageLogged;
use Illuminate\Support\Facades\Event;
use Illuminate\Support\Facades\View;
use PHPUnit\Framework\Attributes\DataProvider;
use StorefrontWidgets\Laravel\Builds;
use StorefrontWidgets\Laravel\Facades\Storefront;
use StorefrontWidgets\Laravel\Storefront as StorefrontService;
use StorefrontWidgets\Laravel\StorefrontServiceProvider;
use StorefrontWidgets\Laravel\Tests\TestCase;

class RenderServiceTest extends TestCase
{
    /** @var string[] warnings logged during the test */
    private $warnings = [];

    protected function setUp(): void
    {
        parent::setUp();
        View::addLocation(__DIR__.'/../fixtures/views');
        $this->bundle();
        Event::listen(MessageLogged::class, function (MessageLogged $event) {
            if ($event->level === 'warning') {
                $this->warnings[] = $event->message;
            }
        });
    }

    /** The page's hooks: widget => inner HTML, in page order. */
    private function hooks(string $html): array
    {
        preg_match_all('/<(\w+) data-widget="([^"]+)"[^>]*>(.*?)<\/\1>(?=\s*(<\/header>|<\/main>|<\/body>|<div data-widget|<x))/s', $html, $m, PREG_SET_ORDER);
        $hooks = [];
        foreach ($m as $match) {
            $hooks[$match[2]] = $match[3];
        }

        return $hooks;
    }

    private function timedGet(string $uri): array
    {
        $start = microtime(true);
        $response = $this->get($uri);

        return [$response, (microtime(true) - $start) * 1000];
    }

    public function test_the_real_service_renders_every_hook_of_the_page_in_one_request()
    {
        $this->realService();
        config(['storefront.ssr.timeout' => 5000]); // a service just started on a busy machine: this test is about what it prints
        $html = $this->get('/?cards=48')->assertOk()->getContent();

        $hooks = $this->hooks($html);
        $this->assertSame(['search-bar', 'cart-dropdown', 'product-grid', 'cart-dialogs'], array_keys($hooks));
        $this->assertSame(48, substr_count($hooks['product-grid'], 'class="sfw-teaser-card"'));
        $this->assertStringContainsString('<form action="/search" method="get"', $hooks['search-bar']);
        $this->assertStringContainsString('href="/cart"', $hooks['cart-dropdown']);
        foreach (['search-bar', 'cart-dropdown', 'product-grid'] as $widget) {
            $this->assertStringStartsWith('<template data-sfw-ssr="', $hooks[$widget]);
        }
        // A hostile title is text in the server HTML too.
        $this->assertStringContainsString('>&lt;/script>&lt;script>alert(1)&lt;/script> Chrome #2</a>', $hooks['product-grid']);
        $health = json_decode(file_get_contents(config('storefront.ssr.url').'/health'), true);
        $this->assertSame(2, $health['requests'], 'the warm-up and the page: one request for the four hooks');
        $this->assertSame([], $this->warnings);
    }

    public function test_a_page_that_loads_another_build_than_the_service_renders_gets_its_hooks_empty_and_its_own_build_renders()
    {
        // A deploy: the page loads build B while the service, not restarted yet, renders build A. Server HTML of A
        // would not hydrate on B's islands, and a first tap on it would be lost: the hooks render in the browser.
        $this->realService();
        config(['storefront.ssr.timeout' => 5000]);
        $version = Builds::read(StorefrontServiceProvider::dist('public'))['manifest'][StorefrontService::ENTRY]['renderVersion'];
        $this->assertMatchesRegularExpression('/^[0-9a-f]{10}$/', $version, 'the package\'s build says its render version');
        foreach (['another build' => '0123456789', 'the same build' => $version] as $case => $loaded) {
            $this->bundle([StorefrontService::ENTRY => ['file' => 'storefront-X.js', 'isEntry' => true, 'renderVersion' => $loaded]], true, 'v'.$loaded);
            $grid = $this->hooks($this->get('/?cards=2')->assertOk()->getContent())['product-grid'];
            $this->assertSame($case === 'the same build' ? 2 : 0, substr_count($grid, 'class="sfw-teaser-card"'), $case);
        }
        $this->assertSame(1, json_decode(file_get_contents(config('storefront.ssr.url').'/health'), true)['shed']);
        $this->assertSame([], $this->warnings);
    }

    public function test_one_request_carries_every_hook_in_page_order_and_the_config_the_head_prints()
    {
        $log = $this->fakeService('ok');
        $this->withSession(['currency_symbol' => 'C$', 'currency_factor' => '1.37', 'cart' => [3 => 2]]);
        $html = $this->get('/?cards=3')->assertOk()->getContent();

        $requests = file($log, FILE_IGNORE_NEW_LINES);
        $this->assertCount(1, $requests);
        $sent = json_decode($requests[0], true);
        $this->assertSame(['search-bar', 'cart-dropdown', 'product-grid', 'cart-dialogs'], array_column($sent['hooks'], 'widget'));
        $this->assertSame(['variant' => 'desktop'], $sent['hooks'][0]['props']);
        $this->assertNull($sent['hooks'][1]['props']);
        $this->assertCount(3, $sent['hooks'][2]['props']['products']);
        preg_match('/<script type="application\/json" id="storefront-config">(.*?)<\/script>/', $html, $block);
        $this->assertSame(json_decode($block[1], true), $sent['config']);
        $this->assertSame(['count' => 2, 'errors' => false], $sent['config']['cart']);
        $this->assertSame('C$', $sent['config']['region']['symbol']);
        $this->assertSame(
            ['search-bar' => '<p class="from-service">search-bar C$</p>', 'cart-dropdown' => '<p class="from-service">cart-dropdown C$</p>',
                'product-grid' => '<p class="from-service">product-grid C$</p>', 'cart-dialogs' => '<p class="from-service">cart-dialogs C$</p>'],
            $this->hooks($html)
        );
    }

    public function test_the_config_is_read_once_per_request_and_is_the_same_when_a_hook_renders_before_the_head()
    {
        $log = $this->fakeService('ok');
        $calls = 0;
        Storefront::config(function ($request) use (&$calls) {
            $calls++;

            return ['region' => ['symbol' => 'C$'], 'user' => ['loggedIn' => $request->query('who') === 'me']];
        });
        \Illuminate\Support\Facades\Route::middleware('web')->get('/hook-first', function () {
            return view('hook-first');
        });
        $html = $this->get('/hook-first?who=me')->assertOk()->getContent();

        $this->assertSame(1, $calls);
        $this->assertStringContainsString('{"region":{"symbol":"C$"},"user":{"loggedIn":true}}', $html);
        $sent = json_decode(file($log)[0], true);
        $this->assertSame(['region' => ['symbol' => 'C$'], 'user' => ['loggedIn' => true]], $sent['config']);
        $this->assertStringContainsString('<p class="from-service">search-bar C$</p>', $html);

        $this->get('/hook-first?who=you')->assertOk();
        $this->assertSame(2, $calls);
        $this->assertSame(['loggedIn' => false], json_decode(file($log)[1], true)['config']['user']);
    }

    /** @dataProvider failures */
    #[DataProvider('failures')]
    public function test_a_failing_service_leaves_every_hook_empty_with_one_log_line(string $mode, string $logged)
    {
        $this->fakeService($mode);
        $html = $this->get('/?cards=2')->assertOk()->getContent();

        $this->assertSame(array_fill_keys(['search-bar', 'cart-dropdown', 'product-grid', 'cart-dialogs'], ''), $this->hooks($html));
        $this->assertStringNotContainsString('storefront-hook', $html);
        $this->assertCount(1, $this->warnings);
        $this->assertStringContainsString($logged, $this->warnings[0]);

        $this->get('/?cards=2')->assertOk();
        $this->assertCount(1, $this->warnings, 'one line per minute, not one per page');
    }

    public static function failures(): array
    {
        return [
            'HTTP 500' => ['500', 'HTTP 500'],
            'not JSON' => ['garbage', 'HTTP 200, not {"html"'],
            'one string too few' => ['short', 'HTTP 200, not {"html"'],
        ];
    }

    public function test_a_stopped_service_costs_the_page_no_wait()
    {
        $this->stoppedService();
        [$response, $ms] = $this->timedGet('/?cards=48');

        $this->assertSame('', $this->hooks($response->getContent())['product-grid']);
        $this->assertLessThan(200, $ms);
        $this->assertCount(1, $this->warnings);
        $this->assertStringContainsString('unavailable, hooks render in the browser', $this->warnings[0]);
    }

    public function test_a_hung_service_costs_the_page_the_timeout_in_milliseconds_and_no_more()
    {
        $this->fakeService('hung');
        config(['storefront.ssr.timeout' => 300]);
        $this->get('/')->assertOk(); // views compiled: the next page measures the wait only
        array_map('unlink', glob(storage_path('framework/cache/storefront-throttle-*.counts'))); // its timeout counted as a refusal: the next page would often skip the call
        [$response, $ms] = $this->timedGet('/?cards=48');

        $this->assertSame('', $this->hooks($response->getContent())['product-grid']);
        $this->assertGreaterThanOrEqual(300, $ms);
        $this->assertLessThan(300 + 100, $ms);
    }

    public function test_server_rendering_switched_off_asks_nothing()
    {
        $log = $this->fakeService('ok');
        config(['storefront.ssr.enabled' => false]);
        $html = $this->get('/?cards=2')->assertOk()->getContent();

        $this->assertSame('', file_get_contents($log));
        $this->assertSame('', $this->hooks($html)['product-grid']);
        $this->assertStringNotContainsString('storefront-hook', $html);
    }

    public function test_a_placeholder_written_by_page_content_is_not_filled()
    {
        $this->fakeService('ok');
        \Illuminate\Support\Facades\Route::middleware('web')->get('/forged', function () {
            return '<!--storefront-hook:0000000000000000:0-->'.\Illuminate\Support\Facades\Blade::render('<x-storefront::island name="search-bar" />');
        });
        $html = $this->get('/forged')->getContent();

        $this->assertSame('<!--storefront-hook:0000000000000000:0--><div data-widget="search-bar"><p class="from-service">search-bar $</p></div>', $html);
    }

    public function test_a_view_rendered_into_json_keeps_its_hooks_empty_and_the_json_valid()
    {
        $log = $this->fakeService('ok');
        \Illuminate\Support\Facades\Route::middleware('web')->get('/more', function () {
            return ['html' => \Illuminate\Support\Facades\Blade::render('<x-storefront::island name="teaser-card" :props="$p" />', ['p' => ['product' => ['id' => 1]]])];
        });
        $response = $this->get('/more')->assertOk();

        $this->assertSame(['html' => '<div data-widget="teaser-card" data-props=\'{"product":{"id":1}}\'></div>'], $response->json());
        $this->assertSame('', file_get_contents($log));
    }
}
