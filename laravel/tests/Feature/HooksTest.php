<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use DOMDocument;
use DOMXPath;
use Illuminate\Database\Eloquent\Collection;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Support\Facades\View;
use JsonSerializable;
use StorefrontWidgets\Laravel\Tests\TestCase;

class Teaser extends Model
{
    protected $guarded = [];
}

class HooksTest extends TestCase
{
    protected function setUp(): void
    {
        parent::setUp();
        View::addLocation(__DIR__.'/../fixtures/views');
    }

    /** Each hook's data-props as the browser reads it (the HTML parsed, the attribute JSON-decoded). */
    private function propsOf(string $html): array
    {
        $dom = new DOMDocument;
        @$dom->loadHTML('<?xml encoding="utf-8"?><body>'.$html.'</body>');
        $props = [];
        foreach ((new DOMXPath($dom))->query('//*[@data-widget]') as $hook) {
            $props[$hook->getAttribute('id')] = $hook->hasAttribute('data-props')
                ? json_decode($hook->getAttribute('data-props'), true, 512, JSON_THROW_ON_ERROR)
                : null;
        }

        return $props;
    }

    public function test_hostile_strings_come_back_exactly_from_data_props_and_never_leave_the_attribute()
    {
        $hostile = [
            'product' => [
                'title' => "It's \"quoted\" </script><script>alert(1)</script> &quot; &amp; <b>bold</b> 🃏 é",
                'slug' => "a'b\"c",
                'note' => null,
                'tail' => '\\u0022 }\' data-widget="x',
            ],
        ];
        $html = view('hooks', ['values' => [$hostile]])->render();

        $this->assertSame(['hook-0' => $hostile], $this->propsOf($html));
        $this->assertSame(1, substr_count($html, 'data-widget="'), $html);
        $this->assertStringNotContainsString('<script', $html);
        $this->assertStringNotContainsString('</b>', $html);
    }

    public function test_eloquent_models_and_collections_print_as_php_sends_them()
    {
        $a = new Teaser(['id' => 7, 'title' => 'Base Set', 'price' => '24.99', 'sale' => 0, 'showATC' => 1, 'presale' => null, 'available' => '12']);
        $b = new Teaser(['id' => '8', 'title' => 'Jungle', 'price' => '9.50', 'sale' => '1', 'showATC' => true, 'presale' => null, 'available' => '0']);
        $html = view('hooks', ['values' => [
            ['product' => $a],
            ['products' => new Collection([$a, $b])],
            $a,
        ]])->render();

        $teaserA = ['id' => 7, 'title' => 'Base Set', 'price' => '24.99', 'sale' => 0, 'showATC' => 1, 'presale' => null, 'available' => '12'];
        // Eloquent casts the key to an integer; the rest stays as the database gave it.
        $teaserB = ['id' => 8, 'title' => 'Jungle', 'price' => '9.50', 'sale' => '1', 'showATC' => true, 'presale' => null, 'available' => '0'];
        $this->assertSame([
            'hook-0' => ['product' => $teaserA],
            'hook-1' => ['products' => [$teaserA, $teaserB]],
            'hook-2' => $teaserA,
        ], $this->propsOf($html));
    }

    public function test_arrayable_and_json_serializable_props_and_no_props()
    {
        $arrayable = new class implements \Illuminate\Contracts\Support\Arrayable {
            public function toArray()
            {
                return ['variant' => 'mobile', 'recentSearches' => ['151']];
            }
        };
        $serializable = new class implements JsonSerializable {
            public function jsonSerialize(): mixed
            {
                return ['type' => 'share'];
            }
        };
        $html = view('hooks', ['values' => [$arrayable, $serializable, null, []]])->render();

        $this->assertSame([
            'hook-0' => ['variant' => 'mobile', 'recentSearches' => ['151']],
            'hook-1' => ['type' => 'share'],
            'hook-2' => null,
            'hook-3' => null,
        ], $this->propsOf($html));
    }

    public function test_a_hook_with_content_keeps_it_and_asks_the_service_nothing()
    {
        $log = $this->fakeService('ok');
        $html = $this->get('/')->assertOk();
        $this->assertSame(1, count(file($log)));

        $page = \Illuminate\Support\Facades\Blade::render('<x-storefront::island name="header" tag="header"><nav>Menu</nav></x-storefront::island>');
        $this->assertSame('<header data-widget="header"><nav>Menu</nav></header>', $page);
    }

    public function test_a_string_that_is_not_utf8_is_null_in_data_props_and_in_the_render_request_alike()
    {
        $log = $this->fakeService('ok');
        \Illuminate\Support\Facades\Route::middleware('web')->get('/latin1', function () {
            return view('hooks', ['values' => [['product' => ['id' => 1, 'title' => "Pok\xE9mon"]]]]);
        });
        $html = $this->get('/latin1')->assertOk()->getContent();

        $this->assertSame(['hook-0' => ['product' => ['id' => 1, 'title' => null]]], $this->propsOf($html));
        $this->assertSame(['product' => ['id' => 1, 'title' => null]], json_decode(file($log)[0], true)['hooks'][0]['props']);
        $this->assertStringContainsString('<p class="from-service">teaser-card $</p>', $html);
    }

    /** php/storefront-ssr.php (the embedding without the package, docs/embedding.md) prints every hook as the package does. */
    public function test_the_plain_php_renderer_prints_each_hook_as_the_package_does()
    {
        require_once __DIR__.'/../../../php/storefront-ssr.php';
        $plain = new \StorefrontSsr(['url' => null]);
        $package = app(\StorefrontWidgets\Laravel\Storefront::class);
        // As on a request through the package's middleware: the page collects its hooks for one render request.
        app(\StorefrontWidgets\Laravel\Page::class)->collect();
        $placeholder = function (string $html) {
            $replaced = preg_replace('/<!--storefront-hook:[0-9a-f]+:\d+-->/', '<!--placeholder-->', $html, -1, $count);
            $this->assertSame(1, $count, $html);

            return $replaced;
        };
        $hooks = [
            ['product-grid', ['products' => [['title' => "It's \"quoted\" </script><script>alert(1)</script> &amp; 🃏 é", 'price' => '19.99']]], 'section', 'aria-label="Products"'],
            ['teaser-card', ['product' => ['title' => "Pok\xE9mon"]], 'div', 'class="card"'],
            ['cart-dropdown', null, 'div', ''],
            ['search-bar', [], 'div', ''],
        ];
        foreach ($hooks as [$widget, $props, $tag, $attributes]) {
            $this->assertSame(
                $placeholder((string) $package->hook($widget, $props, $tag, $attributes)),
                $placeholder($plain->hook($widget, $props, $tag, $attributes)),
                $widget
            );
        }
    }
}
