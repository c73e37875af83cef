<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\View;
use StorefrontWidgets\Laravel\Facades\Storefront;
use StorefrontWidgets\Laravel\Tests\TestCase;

class HeadTest extends TestCase
{
    protected function setUp(): void
    {
        parent::setUp();
        View::addLocation(__DIR__.'/../fixtures/views');
        $this->publishManifest();
    }

    /** The head's tags, by kind: [tag, url, nonce]. */
    private function headTags(string $html): array
    {
        preg_match_all('/<(link rel="stylesheet"|link rel="modulepreload"|script type="module") (?:href|src)="([^"]+)"( nonce="[^"]*")?/', $html, $m, PREG_SET_ORDER);

        return array_map(function ($tag) {
            return [explode(' ', $tag[1])[0] === 'script' ? 'script' : substr($tag[1], 10, -1), $tag[2], trim($tag[3] ?? '')];
        }, $m);
    }

    public function test_the_head_prints_the_config_block_the_css_every_preload_once_and_the_entry_with_the_csrf_meta()
    {
        $html = $this->get('/?cards=1')->assertOk()->getContent();

        $this->assertSame([
            ['stylesheet', 'http://localhost/storefront/storefront-ABC.css', ''],
            ['modulepreload', 'http://localhost/storefront/chunks/chunk-A.js', ''],
            ['modulepreload', 'http://localhost/storefront/chunks/chunk-B.js', ''],
            ['script', 'http://localhost/storefront/storefront-ABC.js', ''],
        ], $this->headTags($html));
        $this->assertMatchesRegularExpression('/<meta name="csrf-token" content="[A-Za-z0-9]{40}">/', $html);
        $this->assertStringNotContainsString('console.', $html);
    }

    public function test_a_hostile_config_value_cannot_close_the_config_block()
    {
        Storefront::config(function (Request $request) {
            return ['paypal' => ['clientId' => "</script><script>alert('x')</script>"], 'region' => ['symbol' => 'C$ & "€"']];
        });
        $html = $this->get('/?cards=1')->getContent();

        preg_match('/<script type="application\/json" id="storefront-config">(.*?)<\/script>/s', $html, $block);
        $this->assertSame(
            ['paypal' => ['clientId' => "</script><script>alert('x')</script>"], 'region' => ['symbol' => 'C$ & "€"']],
            json_decode($block[1], true)
        );
        $this->assertSame(1, substr_count($html, '<script type="application/json"'));
        $this->assertStringNotContainsString("alert('x')", $html);
    }

    public function test_an_empty_config_is_an_object()
    {
        Storefront::config(function () {
            return [];
        });
        $this->assertStringContainsString('<script type="application/json" id="storefront-config">{}</script>', $this->get('/?cards=1')->getContent());
    }

    public function test_asset_url_puts_every_tag_on_the_cdn()
    {
        $this->env = ['ASSET_URL' => 'https://cdn.example.com/shop-assets'];
        $this->refreshApplication();
        $this->publishManifest();
        $urls = array_column($this->headTags($this->get('/?cards=1')->getContent()), 1);

        $this->assertSame([
            'https://cdn.example.com/shop-assets/storefront/storefront-ABC.css',
            'https://cdn.example.com/shop-assets/storefront/chunks/chunk-A.js',
            'https://cdn.example.com/shop-assets/storefront/chunks/chunk-B.js',
            'https://cdn.example.com/shop-assets/storefront/storefront-ABC.js',
        ], $urls);
    }

    public function test_an_app_in_a_sub_folder_links_the_bundle_under_it()
    {
        $kernel = $this->app->make(\Illuminate\Contracts\Http\Kernel::class);
        $request = Request::create('http://shop.example/sale/index.php/?cards=1', 'GET', [], [], [], [
            'SCRIPT_NAME' => '/sale/index.php', 'SCRIPT_FILENAME' => '/var/www/public/index.php', 'PHP_SELF' => '/sale/index.php/',
        ]);
        $html = $kernel->handle($request)->getContent();

        $this->assertSame('http://shop.example/sale/storefront/storefront-ABC.js', $this->headTags($html)[3][1]);
    }

    public function test_another_public_folder_from_the_config()
    {
        config(['storefront.path' => 'vendor/cards/']);
        @mkdir($this->public.'/vendor/cards', 0777, true);
        copy($this->public.'/storefront/manifest.json', $this->public.'/vendor/cards/manifest.json');

        $this->assertSame('http://localhost/vendor/cards/storefront-ABC.js', $this->headTags($this->get('/?cards=1')->getContent())[3][1]);
    }

    public function test_the_csp_nonce_of_laravels_vite_or_the_one_given()
    {
        $vite = 'Illuminate\Foundation\Vite';
        if (class_exists($vite)) {
            $this->app->make($vite)->useCspNonce('n-vite');
            $tags = $this->headTags($this->get('/?cards=1')->getContent());
            $this->assertSame(['nonce="n-vite"'], array_values(array_unique(array_column($tags, 2))));
            $this->assertCount(4, $tags);
        } else {
            $this->assertNull(app(\StorefrontWidgets\Laravel\Storefront::class)->cspNonce()); // Laravel 8: no Vite
        }

        \Illuminate\Support\Facades\Route::middleware('web')->get('/directive', function () {
            return view('directive');
        });
        $html = $this->get('/directive')->getContent();
        $this->assertSame(
            [class_exists($vite) ? 'nonce="n-vite"' : '', 'nonce="n-directive"', 'nonce="n-attribute"'],
            array_values(array_unique(array_column($this->headTags($html), 2)))
        );
    }

    public function test_no_published_bundle_is_one_console_error_and_a_working_page()
    {
        unlink($this->public.'/storefront/manifest.json');
        $html = $this->get('/?cards=1')->assertOk()->getContent();

        $this->assertStringContainsString('<script>console.error("[storefront] No bundle at public\/storefront\/manifest.json: run php artisan vendor:publish --tag=storefront-assets. The islands do not load.")</script>', $html);
        $this->assertSame([], $this->headTags($html));
        $this->assertStringContainsString('id="storefront-config"', $html);
    }

    public function test_a_bundle_built_after_the_last_publish_warns_once_in_the_console()
    {
        $bundle = sys_get_temp_dir().'/storefront-bundle-'.getmypid();
        @mkdir($bundle, 0777, true);
        $this->env = ['STOREFRONT_BUNDLE' => $bundle];
        $this->refreshApplication();
        $this->publishManifest();
        copy($this->public.'/storefront/manifest.json', $bundle.'/manifest.json');
        touch($bundle.'/manifest.json', time() + 5);
        $this->assertStringNotContainsString('console.warn', $this->get('/?cards=1')->getContent(), 'same manifest: no warning');

        file_put_contents($bundle.'/manifest.json', '{"widgets/storefront.ts":{"file":"storefront-NEW.js"}}');
        touch($bundle.'/manifest.json', time() + 5);
        $html = $this->get('/?cards=1')->getContent();
        $this->assertSame(1, substr_count($html, 'console.warn'));
        $this->assertStringContainsString('is older than the bundle this package has: run php artisan vendor:publish --tag=storefront-assets --force', $html);

        $this->assertSame(0, \Illuminate\Support\Facades\Artisan::call('vendor:publish', ['--tag' => 'storefront-assets', '--force' => true]));
        $html = $this->get('/?cards=1')->getContent();
        $this->assertStringNotContainsString('console.warn', $html);
        $this->assertStringContainsString('storefront-NEW.js', $html);
    }
}
