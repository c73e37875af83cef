<?php

namespace StorefrontWidgets\Laravel\Tests;

use Illuminate\Contracts\Console\Kernel;
use Illuminate\Filesystem\Filesystem;
use Illuminate\Foundation\Testing\TestCase as LaravelTestCase;
use Illuminate\Support\Facades\Artisan;
use StorefrontWidgets\Laravel\Builds;
use StorefrontWidgets\Laravel\RenderClient;

/** The test app (tests/app) booted as Laravel boots it, with a throwaway public folder and storage. */
abstract class TestCase extends LaravelTestCase
{
    /** @var array<string, string> environment for the app of the next test */
    protected $env = [];

    /** @var string */
    protected $public;

    /** @var resource[] */
    private $services = [];

    /** @var string[] folders to remove after the test */
    private $temporary = [];

    /** @var int */
    private static $folders = 0;

    protected function setUp(): void
    {
        // Each test starts with an empty public folder.
        (new Filesystem)->deleteDirectory(sys_get_temp_dir().'/storefront-public-'.getmypid());
        parent::setUp();
        // A deprecation PHP raises in the package's own code (E_ALL) fails the test; Laravel's
        // handler drops them while tests run. Laravel's own are left to it (Laravel 8.83 on
        // PHP 8.2 has some). scripts/test-php.sh lints each file for those raised at compile time.
        $package = dirname(__DIR__).'/';
        $previous = set_error_handler(function ($level, $message, $file = '', $line = 0) use ($package, &$previous) {
            if (($level === E_DEPRECATED || $level === E_USER_DEPRECATED) && strncmp($file, $package, strlen($package)) === 0) {
                throw new \ErrorException($message, 0, $level, $file, $line);
            }

            return $previous ? $previous($level, $message, $file, $line) : false;
        });
        // Each test hears the first line of each kind: the one-a-minute clocks start afresh; and its throttle starts with no counts.
        foreach (glob(dirname(RenderClient::logFile()).'/storefront-*.{logged,counts}', GLOB_BRACE) as $file) {
            @unlink($file);
        }
    }

    /**
     * The test app, as `laravel new` makes one for the Laravel running: tests/app (the
     * Laravel 8 to 10 skeleton, app/Http/Kernel.php) or, from Laravel 11, tests/app11
     * (bootstrap/app.php and bootstrap/providers.php, no HTTP kernel).
     */
    public static function appBase(): string
    {
        return __DIR__.(version_compare(\Illuminate\Foundation\Application::VERSION, '11', '>=') ? '/app11' : '/app');
    }

    public function createApplication()
    {
        $this->public = sys_get_temp_dir().'/storefront-public-'.getmypid();
        $env = $this->env + [
            'SESSION_DRIVER' => 'array',
            'CACHE_DRIVER' => 'array', // Laravel 8 to 10
            'CACHE_STORE' => 'array', // Laravel 11 and later
            'APP_BASE' => static::appBase(),
            'APP_PUBLIC' => $this->public,
            'STOREFRONT_SSR_URL' => 'http://127.0.0.1:9', // nothing listens: tests that need a service start one
        ];
        foreach (['ASSET_URL', 'STOREFRONT_SSR_TIMEOUT', 'STOREFRONT_SSR', 'STOREFRONT_SSR_KEEP_ALIVE', 'STOREFRONT_BUNDLE', 'STOREFRONT_MIDDLEWARE_GROUP',
            'STOREFRONT_FIELD_DATA', 'STOREFRONT_FIELD_DATA_PATH', 'STOREFRONT_FIELD_DATA_PER_MINUTE', 'DB_CONNECTION', 'DB_DATABASE'] as $name) {
            putenv($name);
            unset($_ENV[$name], $_SERVER[$name]);
        }
        foreach ($env as $name => $value) {
            putenv("$name=$value");
            $_ENV[$name] = $_SERVER[$name] = $value;
        }
        $app = require static::appBase().'/bootstrap/app.php';
        $app->make(Kernel::class)->bootstrap();

        return $app;
    }

    protected function tearDown(): void
    {
        restore_error_handler();
        foreach ($this->services as $process) {
            proc_terminate($process, 9);
            proc_close($process);
        }
        $this->services = [];
        foreach ($this->temporary as $dir) {
            (new Filesystem)->deleteDirectory($dir);
        }
        parent::tearDown();
    }

    /** Starts a fake render service (fixtures/fake-service.php) and points the app at it; returns its request log. */
    protected function fakeService(string $mode): string
    {
        $log = tempnam(sys_get_temp_dir(), 'storefront-requests-');
        $port = $this->startProcess([PHP_BINARY, __DIR__.'/fixtures/fake-service.php', $mode, $log]);
        config(['storefront.ssr.url' => "http://127.0.0.1:$port"]);

        return $log;
    }

    /** Starts the real render service (the package's dist/ssr-server.mjs, built from server/) on a free port. */
    protected function realService(): void
    {
        $script = config('storefront.ssr.script');
        if (! is_file($script)) {
            $this->fail("{$script} is missing: run \"npm run build\" first");
        }
        $port = $this->startProcess(['node', $script], ['SSR_PORT' => '0'], '/listening on http:\/\/127\.0\.0\.1:(\d+)/');
        config(['storefront.ssr.url' => "http://127.0.0.1:$port"]);
        // One render first, as a running service has done: a cold one may spend its render budget on the first page.
        file_get_contents("http://127.0.0.1:$port/render", false, stream_context_create(['http' => [
            'method' => 'POST', 'header' => 'Content-Type: application/json',
            'content' => json_encode(['hooks' => [['widget' => 'product-grid', 'props' => ['products' => \App\Catalog::teasers(48)]]]]),
        ]]));
    }

    /** A port that was just free: nothing listens there. */
    protected function stoppedService(): void
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $port = explode(':', stream_socket_get_name($socket, false))[1];
        fclose($socket);
        config(['storefront.ssr.url' => "http://127.0.0.1:$port"]);
    }

    /** A folder removed after the test. */
    protected function temporaryDirectory(string $name): string
    {
        $dir = sys_get_temp_dir().'/storefront-'.$name.'-'.getmypid().'-'.(++self::$folders);
        (new Filesystem)->deleteDirectory($dir);
        mkdir($dir, 0777, true);
        $this->temporary[] = $dir;

        return $dir;
    }

    /**
     * A built bundle with this manifest (each file it names holds a line of JS),
     * made the package's bundle (storefront.bundle) and, unless $publish is
     * false, published with storefront:publish. Returns its build id.
     */
    protected function bundle(?array $manifest = null, bool $publish = true, string $name = 'bundle'): string
    {
        $manifest = $manifest ?? [
            'widgets/storefront.ts' => [
                'file' => 'storefront-ABC.js', 'src' => 'widgets/storefront.ts', 'isEntry' => true,
                'imports' => ['_chunk-A.js'], 'css' => ['storefront-ABC.css'],
            ],
            '_chunk-A.js' => ['file' => 'chunks/chunk-A.js', 'imports' => ['_chunk-B.js']],
            '_chunk-B.js' => ['file' => 'chunks/chunk-B.js', 'imports' => ['_chunk-A.js']],
        ];
        $dir = $this->temporaryDirectory($name);
        file_put_contents($dir.'/manifest.json', json_encode($manifest));
        foreach ($manifest as $chunk) {
            foreach (array_merge([$chunk['file'] ?? null], $chunk['css'] ?? []) as $file) {
                if ($file !== null) {
                    @mkdir(dirname($dir.'/'.$file), 0777, true);
                    file_put_contents($dir.'/'.$file, "export{}\n");
                }
            }
        }
        config(['storefront.bundle' => $dir]);
        if ($publish) {
            $this->assertSame(0, Artisan::call('storefront:publish'), Artisan::output());
        }

        return Builds::read($dir)['id'];
    }

    private function startProcess(array $command, array $env = [], string $portPattern = '/^(\d+)/'): int
    {
        $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'a']], $pipes, null, $env + getenv());
        $this->services[] = $process;
        $line = (string) fgets($pipes[1]);
        if (! preg_match($portPattern, $line, $m)) {
            $this->fail('The service did not start: '.$line);
        }

        return (int) $m[1];
    }
}
