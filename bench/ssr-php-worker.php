<?php
/**
 * One PHP worker of bench/ssr-php.mjs, as a PHP-FPM worker serves page after page: the real client
 * (php/storefront-ssr.php: its options, throttle, headers, body and transport), the throttle's counts
 * shared with the pool's other workers (one file per pool, as forService() shares one per service).
 *
 *   php bench/ssr-php-worker.php JOB.json WORKER
 *
 * JOB.json: {url, nonce (this pool's, unlike any other's), transport, timeout, k ('off': never skip; 'client': the client's K), grid: {config, hooks}, workers,
 * phases: [[from s, seconds, pages/s (0: a closed loop)], …]}; t0 (epoch seconds) comes on stdin once all are ready. The phases' pages are due at one rate across all
 * workers, page m of a phase to worker m % workers; a worker behind its pages serves them at once (a
 * pool's queue: PHP's clock starts when it sends). Prints 'ready', then one line per page: due, start, end (seconds
 * after t0), 1 when the page got the grid's server HTML (0 when its hook stayed empty), and for a page
 * whose request was sent, its exchange (from the throttle's skips() to its done(): the request built,
 * sent and answered) and the part of it this process waited for the core (runQueueSeconds()); -1 and 0
 * for a skipped page.
 *
 * It calls the client's render() for the page's hooks rather than printing them (hook(), fill()): the
 * page's own data-props, 35 KB of JSON a page, would take the client core from the load.
 */
require dirname(__DIR__) . '/php/storefront-ssr.php';

/**
 * Seconds this process has waited, runnable, for a core (Linux's /proc/self/schedstat, its second
 * field): an exchange's share of it is the time the client core, not the service, made it wait. 0 without it.
 */
function runQueueSeconds(): float
{
    $stat = @file_get_contents('/proc/self/schedstat');

    return $stat === false ? 0.0 : (float) explode(' ', $stat)[1] / 1e9;
}

use StorefrontWidgets\Ssr\Http1;
use StorefrontWidgets\Ssr\Throttle;

$job = json_decode((string) file_get_contents($argv[1]), true);
$worker = (int) $argv[2];
// Beside JOB.json, whose folder the bench removes: the pool's counts, no other pool's.
$counts = dirname($argv[1]) . "/counts-{$job['nonce']}";
// The client's clock (monotonic), noting each time a page reads the counts under their lock: skips() just
// before its request is built and sent, done() once its answer is in. Between the two: its exchange.
$marks = [];
$clock = function () use (&$marks): float {
    $marks[] = [microtime(true), runQueueSeconds()];

    return hrtime(true) / 1e9;
};
$k = in_array($job['k'], ['off', 'client'], true) ? Throttle::K : (float) $job['k'];
$throttle = new Throttle($counts, $clock, $job['k'] === 'off' ? function () { return 1.0; } : null, $k);
$options = ['url' => $job['url'], 'timeout' => $job['timeout'], 'transport' => $job['transport'], 'logFile' => sys_get_temp_dir() . '/storefront-ssr-bench.logged'];
if ($job['transport'] !== 'kept') {
    // A pool's worker has served pages before: its process's first curl handle is behind it.
    $curl = curl_init($job['url'] . '/health');
    curl_setopt($curl, CURLOPT_RETURNTRANSFER, true);
    curl_exec($curl);
    curl_close($curl);
}
// Ready; the pages are due from t0 on, which bench/ssr-php.mjs says once every worker is ready.
echo "ready\n";
$t0 = (float) fgets(STDIN);
if ($job['transport'] === 'kept') {
    // Its connection, opened (or used again) just before the load, as a busy pool's are: a pool takes
    // seconds to start, and the service closes a connection idle for 5 s (node's keep-alive timeout),
    // which would have most of the pool connect anew as the load begins.
    Http1::send('GET', $job['url'] . '/health', [], '', microtime(true) + 2, true);
}
$lines = [];
foreach ($job['phases'] as $p => [$from, $seconds, $rate]) {
    // Rate 0: a closed loop, each worker's next page as soon as its last one ended, for the phase's seconds.
    $closed = $rate == 0;
    $pages = $closed ? PHP_INT_MAX : (int) round($seconds * $rate);
    for ($m = $worker; $m < $pages; $m += $job['workers']) {
        $due = $closed ? max(microtime(true), $t0 + $from) : $t0 + $from + $m / $rate;
        if ($closed && $due >= $t0 + $from + $seconds) {
            break;
        }
        $wait = $due - microtime(true);
        if ($wait > 0) {
            usleep((int) ($wait * 1e6));
        }
        $start = microtime(true);
        $marks = [];
        // A new shopper each page: the render cache never answers.
        $config = $job['grid']['config'];
        $config['cart'] = ['count' => "{$job['nonce']}-{$worker}-{$p}-{$m}", 'errors' => 0];
        $ssr = new StorefrontSsr($options + ['config' => $config], $throttle);
        $html = $ssr->render($job['grid']['hooks']);
        $end = microtime(true);
        // Sent: the exchange's seconds and its wait for the client core; skipped: -1 and 0.
        [$exchange, $exchangeQueued] = count($marks) >= 2 ? [$marks[1][0] - $marks[0][0], $marks[1][1] - $marks[0][1]] : [-1, 0];
        $lines[] = sprintf('%.4f %.4f %.4f %d %.4f %.4f', $due - $t0, $start - $t0, $end - $t0, strlen($html[0]) > 1000 ? 1 : 0, $exchange, $exchangeQueued);
    }
}
echo implode("\n", $lines), "\n";
