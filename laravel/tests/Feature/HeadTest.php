<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\View;
use StorefrontWidgets\Laravel\Facades\Storefront;
use StorefrontWidgets\Laravel\Tests\TestCase;

class HeadTest extends TestCase
{
    /** @var string the published build */
    private $id;

    protected function setUp(): void
    {
        parent::setUp();
        View::addLocation(__DIR__.'/../fixtures/views');
        $this->id = $this->bundle();
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

        $build = 'http://localhost/storefront/'.$this->id;
        $this->assertMatchesRegularExpression('/^[0-9a-f]{12}$/', $this->id);
        $this->assertSame([
            ['stylesheet', "$build/storefront-ABC.css", ''],
            ['modulepreload', "$build/chunks/chunk-A.js", ''],
            ['modulepreload', "$build/chunks/chunk-B.js", ''],
            ['script', "$build/storefront-ABC.js", ''],
        ], $this->headTags($html));
        foreach ($this->headTags($html) as [, $url]) {
            $this->assertFileExists($this->public.substr($url, strlen('http://localhost')));
        }
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
        $id = $this->bundle();
        $urls = array_column($this->headTags($this->get('/?cards=1')->getContent()), 1);

        $this->assertSame([
            "https://cdn.example.com/shop-assets/storefront/$id/storefront-ABC.css",
            "https://cdn.example.com/shop-assets/storefront/$id/chunks/chunk-A.js",
            "https://cdn.example.com/shop-assets/storefront/$id/chunks/chunk-B.js",
            "https://cdn.example.com/shop-assets/storefront/$id/storefront-ABC.js",
        ], $urls);
    }

    public function test_an_app_in_a_sub_folder_links_the_bundle_under_it()
    {
        $kernel = $this->app->make(\Illuminate\Contracts\Http\Kernel::class);
        $request = Request::create('http://shop.example/sale/index.php/?cards=1', 'GET', [], [], [], [
            'SCRIPT_NAME' => '/sale/index.php', 'SCRIPT_FILENAME' => '/var/www/public/index.php', 'PHP_SELF' => '/sale/index.php/',
        ]);
        $html = $kernel->handle($request)->getContent();

        $this->assertSame("http://shop.example/sale/storefront/{$this->id}/storefront-ABC.js", $this->headTags($html)[3][1]);
    }

    public function test_another_public_folder_from_the_config()
    {
        config(['storefront.path' => 'vendor/cards/']);
        $this->assertSame(0, \Illuminate\Support\Facades\Artisan::call('storefront:publish'));

        $this->assertSame("http://localhost/vendor/cards/{$this->id}/storefront-ABC.js", $this->headTags($this->get('/?cards=1')->getContent())[3][1]);
        $this->assertFileExists($this->public."/vendor/cards/{$this->id}/storefront-ABC.js");
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

        \Illuminate\Support\Facades\Route::middleware('web')->get('/nonces', function () {
            return view('nonces');
        });
        $html = $this->get('/nonces')->getContent();
        $this->assertSame(
            ['nonce="n-attribute"', class_exists($vite) ? 'nonce="n-vite"' : ''],
            array_values(array_unique(array_column($this->headTags($html), 2)))
        );
    }

    public function test_a_build_not_yet_published_gets_the_build_published_last_and_nothing_published_is_one_console_error()
    {
        $warnings = [];
        \Illuminate\Support\Facades\Event::listen(\Illuminate\Log\Events\MessageLogged::class, function ($event) use (&$warnings) {
            if (strpos($event->message, 'Storefront build') === 0) {
                $warnings[] = $event->message;
            }
        });
        $next = $this->bundle(['widgets/storefront.ts' => ['file' => 'storefront-NEW.js', 'isEntry' => true]], false, 'next');
        $html = $this->get('/?cards=1')->assertOk()->getContent();
        $this->assertStringNotContainsString('console.', $html);
        $this->assertSame("http://localhost/storefront/{$this->id}/storefront-ABC.js", $this->headTags($html)[3][1]);
        $this->assertSame(["Storefront build $next is not in public/storefront: pages get build {$this->id} until php artisan storefront:publish."], $warnings);

        $this->assertSame(0, \Illuminate\Support\Facades\Artisan::call('storefront:publish'));
        $this->assertSame([['script', "http://localhost/storefront/$next/storefront-NEW.js", '']], $this->headTags($this->get('/?cards=1')->getContent()));

        (new \Illuminate\Filesystem\Filesystem)->deleteDirectory($this->public.'/storefront');
        $html = $this->get('/?cards=1')->assertOk()->getContent();
        $this->assertStringContainsString('<script>console.error("[storefront] Build '.$next.' is not in public\/storefront: run php artisan storefront:publish. The islands do not load.")</script>', $html);
        $this->assertSame([], $this->headTags($html));
        $this->assertStringContainsString('id="storefront-config"', $html);
    }

    public function test_no_built_bundle_is_one_console_error_and_a_working_page()
    {
        config(['storefront.bundle' => $this->temporaryDirectory('empty')]);
        $html = $this->get('/?cards=1')->assertOk()->getContent();

        $this->assertStringContainsString('No bundle at '.str_replace('/', '\/', config('storefront.bundle')).'\/manifest.json: build the package (npm run build) or set STOREFRONT_BUNDLE. The islands do not load.")</script>', $html);
        $this->assertSame([], $this->headTags($html));
    }

    public function test_the_manifest_is_read_once_per_process()
    {
        $this->get('/?cards=1')->assertOk();
        // The manifest on disk becomes unreadable without looking changed (same time, same size):
        // the next page still prints the build, from what the first page read.
        $manifest = config('storefront.bundle').'/manifest.json';
        $mtime = filemtime($manifest);
        file_put_contents($manifest, str_repeat(' ', filesize($manifest)));
        touch($manifest, $mtime);
        clearstatcache();
        $html = $this->get('/?cards=1')->getContent();

        $this->assertStringContainsString("storefront/{$this->id}/storefront-ABC.js", $html);
    }
}
