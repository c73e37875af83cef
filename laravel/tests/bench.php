<?php
/*
 * npm run bench:laravel [-- --runs=200 --cards=48 --laravel=10]
 *
 * Server time the package adds to a page in the test app (laravel/tests/app,
 * the web middleware on): the category page with a 48-card grid and three
 * more hooks, handled by Laravel's HTTP kernel in this process (views
 * compiled, the app booted once, as under PHP-FPM with OPcache). Each run
 * times the page with server rendering on (the real render service,
 * the package's dist/ssr-server.mjs) and off, interleaved, so the machine's noise
 * falls on both alike; the difference is the time added. Then the fallback:
 * the same page with the service stopped (nothing listens) and hung (it
 * takes the connection and never answers), against the same page off.
 * Prints p50 and p99 in milliseconds.
 */
$options = getopt('', ['runs::', 'cards::', 'laravel::']);
$runs = (int) ($options['runs'] ?? 200);
$cards = (int) ($options['cards'] ?? 48);
if (($options['laravel'] ?? '8') === '10') {
    set_include_path(dirname(__DIR__, 2).'/.php-deps/laravel10/usr/share/php:'.get_include_path());
}
$storage = sys_get_temp_dir().'/storefront-bench-'.getmypid();
putenv("APP_STORAGE=$storage");
putenv('SESSION_DRIVER=array');
putenv('CACHE_DRIVER=array');
putenv('APP_DEBUG=false');
require __DIR__.'/bootstrap.php';

$app = require __DIR__.'/app/bootstrap/app.php';
$kernel = $app->make(Illuminate\Contracts\Http\Kernel::class);
$app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();
$app['config']->set('logging.default', 'null');
$app['config']->set('logging.channels.null', ['driver' => 'monolog', 'handler' => Monolog\Handler\NullHandler::class]);

$service = proc_open(['node', $app['config']->get('storefront.ssr.script')], [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'a']], $pipes, null, ['SSR_PORT' => '0'] + getenv());
if (! preg_match('/listening on (http:\/\/127\.0\.0\.1:\d+)/', (string) fgets($pipes[1]), $m)) {
    fwrite(STDERR, "The render service did not start: run npm run build first.\n");
    exit(1);
}
$serviceUrl = $m[1];
register_shutdown_function(function () use ($service) {
    proc_terminate($service);
});

$fellBack = 0;
/** One page, timed in milliseconds; checks what it printed (a server-rendered page that fell back is counted). */
$page = function (bool $ssr, string $url, int $expectCards) use ($app, $kernel, $cards, &$fellBack) {
    $app['config']->set('storefront.ssr.enabled', $ssr);
    $app['config']->set('storefront.ssr.url', $url);
    $start = hrtime(true);
    $response = $kernel->handle($request = Illuminate\Http\Request::create("/?cards=$cards"));
    $ms = (hrtime(true) - $start) / 1e6;
    $kernel->terminate($request, $response);
    $found = substr_count($response->getContent(), 'class="sfw-teaser-card"');
    if ($response->getStatusCode() === 200 && $found === 0 && $expectCards > 0) {
        $fellBack++;
    } elseif ($response->getStatusCode() !== 200 || $found !== $expectCards) {
        fwrite(STDERR, "Unexpected page: HTTP {$response->getStatusCode()}, $found server-rendered cards (expected $expectCards)\n");
        exit(1);
    }

    return $ms;
};

function percentile(array $values, float $p): float
{
    sort($values);

    return $values[min(count($values) - 1, (int) ceil($p / 100 * count($values)) - 1)];
}

function row(string $label, array $values): string
{
    return sprintf("| %s | %.1f | %.1f |\n", $label, percentile($values, 50), percentile($values, 99));
}

for ($i = 0; $i < 20; $i++) { // warm up: views compiled, the service's JIT warm
    $page(true, $serviceUrl, $cards);
    $page(false, $serviceUrl, 0);
}
$on = $off = $added = [];
$fellBack = 0;
for ($i = 0; $i < $runs; $i++) {
    $on[] = $a = $page(true, $serviceUrl, $cards);
    $off[] = $b = $page(false, $serviceUrl, 0);
    $added[] = $a - $b;
}

$socket = stream_socket_server('tcp://127.0.0.1:0');
$stoppedUrl = 'http://'.stream_socket_get_name($socket, false);
fclose($socket);
$hung = stream_socket_server('tcp://127.0.0.1:0'); // listens, never accepts: connections wait in its backlog
$hungUrl = 'http://'.stream_socket_get_name($hung, false);
$fallbackRuns = max(10, intdiv($runs, 5));
$stopped = $hangs = [];
for ($i = 0; $i < $fallbackRuns; $i++) {
    $stopped[] = $page(true, $stoppedUrl, 0) - $page(false, $stoppedUrl, 0);
    $hangs[] = $page(true, $hungUrl, 0) - $page(false, $hungUrl, 0);
}
$timeout = $app['config']->get('storefront.ssr.timeout');
echo 'Laravel '.Illuminate\Foundation\Application::VERSION.", $cards-card page + 3 hooks, $runs runs (fallback $fallbackRuns), timeout {$timeout} ms\n\n";
echo "| page | p50 ms | p99 ms |\n|---|---|---|\n";
echo row('server rendering off', $off);
echo row('server rendering on (one render request)', $on);
echo row('**added by server rendering**', $added);
echo "| server-rendered pages that fell back (the service over the timeout) | $fellBack of $runs | |\n";
echo row('added, service stopped', $stopped);
echo row('added, service hung', $hangs);
