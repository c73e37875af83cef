<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Filesystem\Filesystem;
use Illuminate\Support\Carbon;
use Illuminate\Support\Facades\Artisan;
use StorefrontWidgets\Laravel\Builds;
use StorefrontWidgets\Laravel\Tests\TestCase;

/**
 * A page of build A stays open while build B is published, in place and in a
 * zero-downtime deploy (a fresh release folder): the first Add to cart of the
 * visit then loads the added dialog's chunk of build A, which must still be
 * served. The real build (the package's dist/public), served by `php -S`.
 */
class DeployTest extends TestCase
{
    /** The dialog that opens after the first add. */
    private const DIALOG = 'widgets/cart-dialogs/Dialogs.tsx';

    /** @var resource[] */
    private $servers = [];

    protected function tearDown(): void
    {
        foreach ($this->servers as $server) {
            proc_terminate($server, 9);
            proc_close($server);
        }
        Carbon::setTestNow();
        parent::tearDown();
    }

    /** Build B: build A with the dialog changed, so its chunk has another name (as a changed island gets). */
    private function buildB(string $a): string
    {
        $b = $this->temporaryDirectory('build-b');
        (new Filesystem)->copyDirectory($a, $b);
        $manifest = json_decode(file_get_contents("$b/manifest.json"), true);
        $old = $manifest[self::DIALOG]['file'];
        $new = preg_replace('/-[A-Z0-9]+\.js$/', '-CHANGED1.js', $old);
        rename("$b/$old", "$b/$new");
        file_put_contents("$b/$new", "\n// build B", FILE_APPEND);
        $manifest[self::DIALOG]['file'] = $new;
        file_put_contents("$b/manifest.json", json_encode($manifest, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));

        return $b;
    }

    /** The URL path of the dialog's chunk and of every chunk it imports, in the build the page printed. */
    private function dialogChunks(string $html): array
    {
        $this->assertMatchesRegularExpression('#<script type="module" src="http://localhost(/storefront/[0-9a-f]{12}/)storefront-#', $html);
        preg_match('#<script type="module" src="http://localhost(/storefront/[0-9a-f]{12}/)#', $html, $m);
        $manifest = Builds::read(config('storefront.bundle'))['manifest'];
        $paths = [];
        $walk = function (string $key) use (&$walk, &$paths, $manifest, $m) {
            $path = $m[1].$manifest[$key]['file'];
            if (! in_array($path, $paths, true)) {
                $paths[] = $path;
                foreach ($manifest[$key]['imports'] ?? [] as $import) {
                    $walk($import);
                }
            }
        };
        $walk(self::DIALOG);

        return $paths;
    }

    /** Serves a public folder as the web server does, on a free port. */
    private function serve(string $public): string
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $port = explode(':', stream_socket_get_name($socket, false))[1];
        fclose($socket);
        $this->servers[] = proc_open([PHP_BINARY, '-S', "127.0.0.1:$port", '-t', $public], [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
        for ($i = 0; $i < 100 && ! @fsockopen('127.0.0.1', (int) $port); $i++) {
            usleep(50000);
        }

        return "http://127.0.0.1:$port";
    }

    /** HTTP status of each path. */
    private function statuses(string $base, array $paths): array
    {
        return array_map(function ($path) use ($base) {
            $headers = @get_headers($base.$path);

            return $headers ? (int) explode(' ', $headers[0])[1] : 0;
        }, $paths);
    }

    private function publishAndPrune(): void
    {
        $this->assertSame(0, Artisan::call('storefront:publish'), Artisan::output());
        $this->assertSame(0, Artisan::call('storefront:prune-builds', ['--keep-hours' => 24]), Artisan::output());
    }

    public function test_in_place_a_page_of_build_a_loads_its_dialog_after_build_b_is_published_for_24_hours()
    {
        $a = config('storefront.bundle');
        $this->assertFileExists("$a/manifest.json", 'the package\'s own bundle: run "npm run build" first');
        $this->publishAndPrune();
        $chunks = $this->dialogChunks($this->get('/?cards=2')->assertOk()->getContent());
        $this->assertGreaterThan(1, count($chunks));

        config(['storefront.bundle' => $this->buildB($a)]);
        $this->publishAndPrune();
        $pageB = $this->get('/?cards=2')->getContent();
        $this->assertStringNotContainsString(explode('/', $chunks[0])[2], $pageB, 'new pages are build B');

        $web = $this->serve($this->public);
        $this->assertSame(array_fill(0, count($chunks), 200), $this->statuses($web, $chunks));
        $this->assertSame(file_get_contents($a.'/'.substr($chunks[0], strlen('/storefront/') + 13)), file_get_contents($web.$chunks[0]), 'build A\'s own dialog');

        Carbon::setTestNow(now()->addHours(23));
        $this->publishAndPrune(); // the next deploy, the same build
        $this->assertSame(array_fill(0, count($chunks), 200), $this->statuses($web, $chunks), '23 hours on: still there');

        Carbon::setTestNow(now()->addHours(2));
        $this->assertSame(0, Artisan::call('storefront:prune-builds'));
        $this->assertStringContainsString('Removed 1 build', Artisan::output());
        $this->assertSame(404, $this->statuses($web, $chunks)[0], '25 hours on: pruned');
        $this->assertSame([200], $this->statuses($web, [$this->dialogChunks($this->get('/?cards=2')->getContent())[0]]), 'build B stays');
    }

    public function test_zero_downtime_a_page_of_build_a_loads_its_dialog_from_the_folder_the_releases_share()
    {
        // Each release its own public/, its public/storefront a link to one shared folder (Deployer's shared_dirs, Envoyer's linked folders).
        $shared = $this->temporaryDirectory('shared-storefront');
        $release = function (int $n) use ($shared) {
            $public = $this->temporaryDirectory("release-$n").'/public';
            mkdir($public);
            symlink($shared, "$public/storefront");
            $this->env = ['APP_PUBLIC' => $public];
            $this->refreshApplication();

            return $public;
        };
        $a = config('storefront.bundle');
        $release1 = $release(1);
        $this->publishAndPrune();
        $chunks = $this->dialogChunks($this->get('/?cards=2')->assertOk()->getContent());

        $release2 = $release(2);
        config(['storefront.bundle' => $this->buildB($a)]);
        $this->publishAndPrune();
        (new Filesystem)->deleteDirectory(dirname($release1)); // the old release is gone
        $web = $this->serve($release2);
        $this->assertSame(array_fill(0, count($chunks), 200), $this->statuses($web, $chunks));

        // Without the shared folder, a fresh release has build B only: the page of build A loses its dialog.
        $this->env = ['APP_PUBLIC' => $this->temporaryDirectory('release-3')];
        $this->refreshApplication();
        config(['storefront.bundle' => $this->buildB($a)]);
        $this->publishAndPrune();
        $this->assertSame(404, $this->statuses($this->serve($this->env['APP_PUBLIC']), $chunks)[0]);
    }
}
