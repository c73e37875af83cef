<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Support\Facades\Http;
use StorefrontWidgets\Laravel\RenderClient;
use StorefrontWidgets\Laravel\Tests\TestCase;
use PHPUnit\Framework\Attributes\DataProvider;
use StorefrontWidgets\Ssr\Throttle;

/**
 * The package's render client throttles itself while the service refuses (client/Throttle.php):
 * pages one after the other, with the throttle's clock and random source given, so nothing is timed.
 */
class ThrottleTest extends TestCase
{
    private const HOOKS = [['widget' => 'search-bar', 'props' => null], ['widget' => 'cart-dropdown', 'props' => null]];

    private const RENDERED = ['html' => ['<p>a</p>', '<p>b</p>']];

    private const SHED = ['X-Storefront-Shed' => 'deadline'];

    public static function pages(): array
    {
        $refused = [['html' => ['', '']], 200, self::SHED];
        $rendered = [self::RENDERED, 200, []];

        // [the service's answers, in turn; pages as [seconds, draw]; the HTML of each page; requests sent]
        return [
            'every request rendered: none skipped' => [[$rendered, $rendered, $rendered], [[0, 0], [0, 0], [0, 0]], ['<p>a</p>', '<p>a</p>', '<p>a</p>'], 3],
            'hooks rendered empty (no X-Storefront-Shed) are accepted: none skipped' => [[[['html' => ['', '']], 200, []], $rendered], [[0, 0], [0, 0]], ['', '<p>a</p>'], 2],
            'a refusal: the next pages skip the call when their draw is under the probability (1/2, then 2/3)' => [[$refused, $rendered], [[0, 0], [0, 0.49], [0, 0.7]], ['', '', '<p>a</p>'], 2],
            'an error answer counts as a refusal' => [[[['error' => 'boom'], 500, []], $rendered], [[0, 0], [0, 0.3]], ['', ''], 1],
            'once the burst is 5 s old (over thirty windows), pages ask again' => [[$refused, $refused, $rendered], [[0, 0.9], [0, 0.9], [0, 0], [5, 0.01]], ['', '', '', '<p>a</p>'], 3],
        ];
    }

    /** @dataProvider pages */
    #[DataProvider('pages')]
    public function test_pages_one_after_the_other(array $answers, array $pages, array $html, int $sent)
    {
        $sequence = Http::sequence();
        foreach ($answers as [$body, $status, $headers]) {
            $sequence->push($body, $status, $headers);
        }
        Http::fake(['*' => $sequence]);
        $file = tempnam(sys_get_temp_dir(), 'storefront-counts-');
        $got = [];
        foreach ($pages as [$seconds, $draw]) {
            // A PHP-FPM worker's next request: a client and a throttle of its own, the same counts file.
            $throttle = new Throttle($file, function () use ($seconds) {
                return (float) $seconds;
            }, function () use ($draw) {
                return (float) $draw;
            });
            $got[] = (new RenderClient(Http::getFacadeRoot(), $this->app['config'], $throttle))->render(self::HOOKS, [])[0];
        }
        unlink($file);
        $this->assertSame($html, $got);
        Http::assertSentCount($sent);
    }

    public function test_by_default_the_php_processes_share_their_counts_in_one_file_of_storage_framework_cache()
    {
        Http::fake(['*' => Http::response(['html' => ['', '']], 200, self::SHED)]);
        // Two PHP-FPM workers' pages: each its own client and throttle, as a new process makes them.
        (new RenderClient(Http::getFacadeRoot(), $this->app['config']))->render(self::HOOKS, []);
        (new RenderClient(Http::getFacadeRoot(), $this->app['config']))->render(self::HOOKS, []);
        $files = glob(storage_path('framework/cache/storefront-throttle-*.counts'));
        $this->assertCount(1, $files);
        $this->assertMatchesRegularExpression('/storefront-throttle-[0-9a-f]{8}-\d+\.counts$/', $files[0]); // the service's URL and the user, no process
        [$requests, $accepts] = array_map('floatval', array_slice(explode(' ', file_get_contents($files[0])), 0, 2));
        $this->assertEqualsWithDelta(2.0, $requests, 0.3); // both (less their decay, a few ms)  pages' requests (sent or skipped), none accepted
        $this->assertSame(0.0, $accepts);
    }
}
