<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Contracts\Http\Kernel;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;
use RuntimeException;
use StorefrontWidgets\Laravel\Facades\Storefront;
use StorefrontWidgets\Laravel\Http\FillHooks;
use StorefrontWidgets\Laravel\Page;
use StorefrontWidgets\Laravel\Tests\TestCase;

/** One application instance serving request after request, as under Octane: each request's hooks, config and token are its own. */
class RequestsTest extends TestCase
{
    /** @var Page[] the page of each request, as its route saw it */
    private $pages = [];

    protected function setUp(): void
    {
        parent::setUp();
        $this->bundle();
        Storefront::config(function (Request $request) {
            return ['region' => ['symbol' => $request->query('symbol', '$')]];
        });
        $remember = function () {
            $this->pages[] = app(Page::class);
        };
        Route::middleware('web')->get('/shopper', function (Request $request) use ($remember) {
            $remember();

            return $request->query('page') === 'search' ? view('search', ['q' => 'x']) : view('category', ['products' => \App\Catalog::teasers(2)]);
        });
        Route::middleware('web')->get('/boom', function () use ($remember) {
            $remember();
            Storefront::hook('recently-viewed');

            throw new RuntimeException('the page failed after a hook');
        });
    }

    /** The token of a page's placeholders (its Hooks'). */
    private function token(Page $page): string
    {
        $read = function (string $property) {
            return function () use ($property) {
                return $this->{$property};
            };
        };

        return $read('token')->call($read('hooks')->call($page));
    }

    public function test_two_requests_served_by_one_application_never_share_hooks_config_or_token()
    {
        $log = $this->fakeService('ok');
        $this->get('/boom')->assertStatus(500);
        $category = $this->get('/shopper?symbol=C$')->assertOk()->getContent();
        $search = $this->get('/shopper?page=search&symbol=€')->assertOk()->getContent();

        $sent = array_map(function ($line) {
            return json_decode($line, true);
        }, file($log, FILE_IGNORE_NEW_LINES));
        $this->assertCount(2, $sent, 'the failed page asked nothing; each other page once');
        $this->assertSame(['search-bar', 'cart-dropdown', 'product-grid', 'cart-dialogs'], array_column($sent[0]['hooks'], 'widget'));
        $this->assertSame(['search-bar', 'cart-dropdown', 'cart-dialogs'], array_column($sent[1]['hooks'], 'widget'));
        $this->assertSame(['region' => ['symbol' => 'C$']], $sent[0]['config']);
        $this->assertSame(['region' => ['symbol' => '€']], $sent[1]['config']);
        $this->assertStringContainsString('id="storefront-config">{"region":{"symbol":"C$"}}', $category);
        $this->assertStringContainsString('id="storefront-config">{"region":{"symbol":"\u20ac"}}', $search);
        $this->assertStringContainsString('<p class="from-service">search-bar €</p>', $search);

        $this->assertCount(3, $this->pages);
        $this->assertCount(3, array_unique(array_map('spl_object_id', $this->pages)));
        $this->assertCount(3, array_unique(array_map([$this, 'token'], $this->pages)));
        $this->assertNotSame($this->pages[2], app(Page::class), 'after the response the next request gets a new page');
    }

    public function test_the_middleware_is_on_the_web_group_only_and_a_hook_elsewhere_renders_in_the_browser()
    {
        $log = $this->fakeService('ok');
        $kernel = $this->app->make(Kernel::class);
        $this->assertFalse($kernel->hasMiddleware(FillHooks::class), 'not on every request');
        $this->assertContains(FillHooks::class, $this->app['router']->getMiddlewareGroups()['web']);

        Route::get('/outside-web', function () {
            return Storefront::hook('search-bar')->toHtml();
        });
        $this->assertSame('<div data-widget="search-bar"></div>', $this->get('/outside-web')->getContent());
        $this->assertSame('', file_get_contents($log));
    }

    public function test_without_a_group_the_app_adds_the_middleware_where_it_wants()
    {
        $this->env = ['STOREFRONT_MIDDLEWARE_GROUP' => ''];
        $this->refreshApplication();
        $this->bundle();
        $log = $this->fakeService('ok');
        $this->app->make(Kernel::class); // its groups are the router's now
        $this->assertNotContains(FillHooks::class, $this->app['router']->getMiddlewareGroups()['web']);
        $this->assertStringNotContainsString('from-service', $this->get('/?cards=1')->getContent());

        Route::middleware(['web', FillHooks::class])->get('/filled', function () {
            return view('category', ['products' => \App\Catalog::teasers(1)]);
        });
        $this->assertStringContainsString('<p class="from-service">product-grid $</p>', $this->get('/filled')->getContent());
        $this->assertCount(1, file($log));
    }
}
