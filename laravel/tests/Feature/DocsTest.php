<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use DOMDocument;
use DOMXPath;
use Illuminate\Filesystem\Filesystem;
use PHPUnit\Framework\Attributes\DataProvider;
use StorefrontWidgets\Laravel\Builds;
use StorefrontWidgets\Laravel\Tests\TestCase;

/**
 * Every PHP and Blade block of the Laravel docs (README.md, docs/*.md but
 * embedding.md, whose blocks are the files of a plain-PHP site that
 * test/unit/docs/embedding.test.ts and test/browser/plain-php.test.ts run), as printed:
 * each names its file in its first line (after `<?php`), is written there in
 * a copy of the test app, and the app answers a page that runs it
 * (fixtures/run-page.php, in a process of its own: the app's classes are the
 * copy's). The page answers 200 and shows what the block makes. Each block
 * runs in the Laravel it is for: a block of bootstrap/ in Laravel 11 and
 * later (tests/app11), app/Http/Kernel.php in Laravel 8 to 10 (tests/app),
 * every other block in each (TestCase::appBase()).
 */
class DocsTest extends TestCase
{
    /** @return array<string, array{string, string, string}> "doc:line" => [doc, path, block] */
    public static function blocks(): array
    {
        $root = dirname(__DIR__, 3);
        $blocks = [];
        foreach (array_merge(['README.md'], array_map(function ($f) {
            return 'docs/'.basename($f);
        }, array_filter(glob($root.'/docs/*.md'), function ($f) {
            return basename($f) !== 'embedding.md';
        }))) as $doc) {
            preg_match_all('/^```(?:php|blade)\n(.*?)^```$/ms', file_get_contents("$root/$doc"), $m, PREG_SET_ORDER | PREG_OFFSET_CAPTURE);
            foreach ($m as $match) {
                $line = substr_count(substr(file_get_contents("$root/$doc"), 0, $match[0][1]), "\n") + 1;
                $body = $match[1][0];
                $named = preg_match('#^(?:<\?php\n)?(?://|\{\{--)\s*([\w./-]+\.php)\s*(?:--\}\})?\n#', $body, $path);
                $blocks["$doc:$line"] = [$doc, $named ? $path[1] : '', $body];
            }
        }

        return $blocks;
    }

    /** The blocks for the Laravel running: bootstrap/ from Laravel 11, app/Http/Kernel.php before. */
    public static function blocksForThisLaravel(): array
    {
        $eleven = version_compare(\Illuminate\Foundation\Application::VERSION, '11', '>=');

        return array_filter(static::blocks(), function ($block) use ($eleven) {
            $for = self::skeletonOf($block[1]);

            return $for === null || $for === ($eleven ? 11 : 8);
        });
    }

    /** 11: a file of the Laravel 11+ skeleton only; 8: of the Laravel 8 to 10 one only; null: of both. */
    private static function skeletonOf(string $path): ?int
    {
        if (strncmp($path, 'bootstrap/', 10) === 0) {
            return 11;
        }

        return $path === 'app/Http/Kernel.php' ? 8 : null;
    }

    public function test_where_the_skeletons_differ_the_docs_show_both()
    {
        $paths = array_column(static::blocks(), 1);
        foreach (['app/Http/Kernel.php', 'bootstrap/app.php', 'bootstrap/providers.php'] as $path) {
            $this->assertContains($path, $paths);
        }
    }

    public function test_the_docs_have_the_blocks_a_laravel_developer_copies()
    {
        $paths = array_column($this->blocks(), 1);
        foreach (['app/Providers/AppServiceProvider.php', 'resources/views/layouts/app.blade.php', 'resources/views/category.blade.php'] as $path) {
            $this->assertContains($path, $paths);
        }
    }

    /** @dataProvider blocksForThisLaravel */
    #[DataProvider('blocksForThisLaravel')]
    public function test_the_block_runs_as_printed_in_the_app(string $doc, string $path, string $block)
    {
        $this->assertMatchesRegularExpression('#^(app/|bootstrap/|resources/views/)#', $path, "$doc: the block's first line names its file in the app (// app/… or {{-- resources/views/… --}})");
        $env = [];
        if (in_array($path, ['app/Http/Kernel.php', 'bootstrap/app.php'], true)) {
            // The block puts FillHooks in place itself: server HTML from a render service proves it runs.
            $this->fakeService('ok');
            // (empty) is Laravel's env() for an empty value: proc_open drops a variable set to ''.
            $env = ['STOREFRONT_MIDDLEWARE_GROUP' => '(empty)', 'STOREFRONT_SSR' => 'true', 'STOREFRONT_SSR_URL' => config('storefront.ssr.url'), 'STOREFRONT_SSR_TIMEOUT' => '5000'];
        }
        $html = $this->runInCopy($path, $block, $env);
        if ($env) {
            $this->assertStringContainsString('<p class="from-service">product-grid', $html, "$doc: the page's hooks hold the service's HTML");
        }
        $dom = new DOMDocument;
        @$dom->loadHTML('<?xml encoding="utf-8"?>'.$html);
        $xpath = new DOMXPath($dom);
        $this->assertStringNotContainsString('storefront-hook', $html);

        // Each hook the block writes is on the page, with props that parse.
        preg_match_all('/(?:<x-storefront::island name|data-widget)="([a-z-]+)"/', $block, $widgets);
        foreach (array_unique($widgets[1]) as $widget) {
            $hooks = $xpath->query("//*[@data-widget='$widget']");
            $this->assertGreaterThan(0, $hooks->length, "$doc: no $widget hook on the page");
            foreach ($hooks as $hook) {
                if ($hook->hasAttribute('data-props')) {
                    $this->assertIsArray(json_decode($hook->getAttribute('data-props'), true), "$doc: $widget's data-props");
                }
            }
        }
        if (strpos($block, '<x-storefront::head') !== false) {
            $id = Builds::read(config('storefront.bundle'))['id'];
            $this->assertSame(1, $xpath->query("//script[@type='module'][starts-with(@src, 'http://localhost/storefront/$id/storefront-')]")->length);
            $this->assertSame(1, $xpath->query("//script[@id='storefront-config']")->length);
        }

        if ($path === 'app/Providers/AppServiceProvider.php') {
            $this->assertSame([
                'region' => ['factor' => 1, 'symbol' => '$', 'country' => 'US'],
                'user' => ['loggedIn' => false, 'recentSearches' => []],
                'paypal' => ['clientId' => ''],
                'cart' => ['count' => 0, 'errors' => false],
                'country' => ['country' => 'US', 'opt' => false],
            ], json_decode($xpath->query("//script[@id='storefront-config']")->item(0)->textContent, true));
        }
        if ($path === 'resources/views/category.blade.php') {
            $grid = $xpath->query("//section[@data-widget='product-grid'][@aria-label='Products']")->item(0);
            $this->assertSame(\App\Catalog::teasers(3), json_decode($grid->getAttribute('data-props'), true)['products']);
        }
        if (strpos($block, '$teaser') !== false) {
            foreach ($xpath->query("//*[@data-widget='teaser-card']") as $hook) {
                $this->assertSame(['product' => \App\Catalog::teasers(1)[0]], json_decode($hook->getAttribute('data-props'), true), "$doc: ".$hook->getAttribute('id'));
            }
        }
    }

    /** The page that runs the block, from a copy of the test app with the block written at $path. */
    private function runInCopy(string $path, string $block, array $env = []): string
    {
        $copy = $this->temporaryDirectory('docs-app');
        (new Filesystem)->copyDirectory(static::appBase(), $copy);
        (new Filesystem)->deleteDirectory("$copy/storage");
        (new Filesystem)->deleteDirectory("$copy/public/storefront");
        file_put_contents("$copy/$path", $block);
        $view = preg_match('#^resources/views/(.+)\.blade\.php$#', $path, $m) ? str_replace('/', '.', $m[1]) : null;
        $uri = in_array($view, [null, 'layouts.app', 'category'], true) ? '/?cards=3' : "/__view/$view";

        $process = proc_open(
            [PHP_BINARY, '-d', 'include_path='.get_include_path(), __DIR__.'/../fixtures/run-page.php', $copy, $uri],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            $env + ['APP_STORAGE' => "$copy/storage", 'APP_PUBLIC' => "$copy/public", 'STOREFRONT_SSR' => 'false', 'SESSION_DRIVER' => 'array', 'CACHE_DRIVER' => 'array', 'CACHE_STORE' => 'array'] + getenv()
        );
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        proc_close($process);
        [$status, $html] = explode("\n", $out, 2) + [1 => ''];
        $this->assertSame('200', $status, "GET $uri with $path as printed: ".substr($err.$html, 0, 2000));

        return $html;
    }
}
