<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Http\Client\Request;
use Illuminate\Log\Events\MessageLogged;
use Illuminate\Support\Facades\Event;
use Illuminate\Support\Facades\Http;
use StorefrontWidgets\Laravel\RenderClient;
use StorefrontWidgets\Laravel\Tests\TestCase;
use StorefrontWidgets\Ssr\Throttle;

/** What the render client sends: the service sheds a render PHP would not wait for, so it must know how long PHP waits. */
class RenderClientTest extends TestCase
{
    private function renderWith(?int $timeout): array
    {
        Http::fake(['*' => Http::response(['html' => ['<p>a</p>', '<p>b</p>']])]);
        if ($timeout !== null) {
            config(['storefront.ssr.timeout' => $timeout]);
        }
        $client = new RenderClient(Http::getFacadeRoot(), $this->app['config']);

        return $client->render([['widget' => 'search-bar', 'props' => null], ['widget' => 'cart-dropdown', 'props' => null]], ['cart' => ['count' => 1]]);
    }

    public function test_each_render_request_says_how_long_php_waits_in_x_storefront_timeout_and_how_many_hooks_in_x_storefront_hooks()
    {
        $this->assertSame(['<p>a</p>', '<p>b</p>'], $this->renderWith(350));
        Http::assertSentCount(1);
        Http::assertSent(function (Request $request) {
            return $request->url() === config('storefront.ssr.url').'/render'
                && $request->header('X-Storefront-Timeout') === ['350']
                && $request->header('X-Storefront-Hooks') === ['2'];
        });
    }

    public function test_the_render_version_of_the_bundle_the_page_loads_is_sent_when_known()
    {
        Http::fake(['*' => Http::response(['html' => ['<p>a</p>']])]);
        $client = new RenderClient(Http::getFacadeRoot(), $this->app['config']);
        $client->render([['widget' => 'search-bar', 'props' => null]], [], 'a1b2c3d4e5');
        $client->render([['widget' => 'search-bar', 'props' => null]], []);
        $sent = Http::recorded()->map(function ($pair) {
            return $pair[0]->header('X-Storefront-Render-Version');
        })->all();
        $this->assertSame([['a1b2c3d4e5'], []], $sent);
    }

    public function test_the_default_timeout_is_sent_when_the_app_sets_none()
    {
        $this->renderWith(null);
        Http::assertSent(function (Request $request) {
            return $request->header('X-Storefront-Timeout') === [(string) config('storefront.ssr.timeout')]
                && config('storefront.ssr.timeout') === 200;
        });
    }

    public function test_an_answer_of_empty_hooks_from_a_service_that_shed_the_render_is_empty_hooks_without_a_warning()
    {
        Http::fake(['*' => Http::response(['html' => ['', '']])]);
        $logged = [];
        Event::listen(MessageLogged::class, function (MessageLogged $event) use (&$logged) {
            $logged[] = $event->message;
        });
        $client = new RenderClient(Http::getFacadeRoot(), $this->app['config']);
        $this->assertSame(['', ''], $client->render([['widget' => 'a', 'props' => null], ['widget' => 'b', 'props' => null]], []));
        $this->assertSame([], $logged);
    }

    /** A client whose throttle never skips (its draw is never under the probability): these tests are about the connection. */
    private function client(): RenderClient
    {
        return new RenderClient(Http::getFacadeRoot(), $this->app['config'], new Throttle(storage_path('framework/cache/storefront-never.counts'), null, function () {
            return 1.0;
        }));
    }

    /**
     * Renders two pages (a hook each, "first" and "second") through the fake service, asserting each got its
     * own HTML; returns what the service's log says it saw: each request's widget, and its own lines.
     */
    private function twoPages(string $log): array
    {
        foreach (['first', 'second'] as $page) {
            $this->assertSame(["<p class=\"from-service\">{$page} </p>"], $this->client()->render([['widget' => $page, 'props' => null]], []));
        }

        return array_map(function ($line) {
            return $line[0] === '{' ? json_decode($line, true)['hooks'][0]['widget'] : $line;
        }, file($log, FILE_IGNORE_NEW_LINES));
    }

    /** The render service's count of connections opened so far (its /health opens one more). */
    private function serviceConnections(): int
    {
        return json_decode(file_get_contents(config('storefront.ssr.url').'/health'), true)['connections'];
    }

    public function test_a_php_worker_keeps_one_connection_to_the_service_for_page_after_page()
    {
        $this->realService(); // its first render: one connection, closed after
        $search = [['widget' => 'search-bar', 'props' => ['variant' => 'desktop']]];
        for ($page = 1; $page <= 3; $page++) {
            $this->assertStringContainsString('<form action="/search" method="get"', $this->client()->render($search, [])[0]);
        }
        $this->assertSame(3, $this->serviceConnections(), 'the first render\'s, the three pages\' one, and this /health request\'s');
    }

    public function test_with_keep_alive_off_each_page_opens_a_connection_of_its_own()
    {
        $this->realService();
        config(['storefront.ssr.keep_alive' => false]);
        $search = [['widget' => 'search-bar', 'props' => ['variant' => 'desktop']]];
        for ($page = 1; $page <= 3; $page++) {
            $this->assertStringContainsString('<form action="/search" method="get"', $this->client()->render($search, [])[0]);
        }
        $this->assertSame(5, $this->serviceConnections());
    }

    public function test_a_kept_connection_the_service_closes_as_the_next_page_asks_is_replaced_once_and_the_page_renders()
    {
        $log = $this->fakeService('kept');
        $logged = [];
        Event::listen(MessageLogged::class, function (MessageLogged $event) use (&$logged) {
            $logged[] = $event->message;
        });
        $this->assertSame(['first', 'dropped', 'second'], $this->twoPages($log));
        $this->assertSame([], $logged);
    }

    public function test_answers_in_chunks_are_read_whole_and_the_connection_serves_the_next_page()
    {
        $log = $this->fakeService('chunked');
        $this->assertSame(['connection', 'first', 'second'], $this->twoPages($log));
    }

    public function test_an_answer_that_comes_after_php_stopped_waiting_is_never_read_as_the_next_pages()
    {
        $this->fakeService('slow-first'); // the first answer 250 ms late
        config(['storefront.ssr.timeout' => 200]);
        $this->assertSame([''], $this->client()->render([['widget' => 'first', 'props' => null]], []));
        config(['storefront.ssr.timeout' => 3000]);
        $this->assertSame(['<p class="from-service">second </p>'], $this->client()->render([['widget' => 'second', 'props' => null]], []));
    }
}
