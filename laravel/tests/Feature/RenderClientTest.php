<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Http\Client\Request;
use Illuminate\Log\Events\MessageLogged;
use Illuminate\Support\Facades\Event;
use Illuminate\Support\Facades\Http;
use StorefrontWidgets\Laravel\RenderClient;
use StorefrontWidgets\Laravel\Tests\TestCase;

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
}
