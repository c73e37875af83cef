<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Support\Facades\Artisan;
use Illuminate\Support\Facades\DB;
use PHPUnit\Framework\Attributes\DataProvider;
use StorefrontWidgets\Laravel\FieldData\Store;
use StorefrontWidgets\Laravel\Tests\TestCase;

/**
 * Field data in the package (config storefront.field_data, docs/laravel.md "Field data"): the route is off
 * by default; on, it takes the contract's beacon (the shared fixture test/fixtures/field-beacons.json, which
 * the plain receiver's tests send too) into the app's database and refuses anything else with a 4xx and one
 * fixed line, the table unchanged; `storefront:field-report` prints it and writes it as HTML.
 */
class FieldDataTest extends TestCase
{
    private const HOSTILE = '<script>alert("x")</script>&\'';

    protected $env = ['STOREFRONT_FIELD_DATA' => 'true', 'DB_CONNECTION' => 'sqlite', 'DB_DATABASE' => ':memory:'];

    protected function setUp(): void
    {
        parent::setUp();
        $this->assertSame(0, Artisan::call('migrate', ['--force' => true]), Artisan::output());
    }

    /** @return array{good: array, bad: array<string, string>} */
    private static function beacons(): array
    {
        return json_decode(file_get_contents(dirname(__DIR__, 3).'/test/fixtures/field-beacons.json'), true);
    }

    /** POSTs $body as the field chunk does (text/plain, no cookie, no CSRF token) from $ip. */
    private function beacon(string $body, string $type = 'text/plain;charset=UTF-8', string $ip = '198.51.100.7')
    {
        return $this->call('POST', '/storefront/field-data', [], [], [], ['CONTENT_TYPE' => $type, 'REMOTE_ADDR' => $ip], $body);
    }

    /** Every stored row, as a string to compare. */
    private function stored(): string
    {
        return json_encode(DB::table('storefront_field_data')->orderBy('id')->get());
    }

    public function test_a_beacon_is_stored_as_histogram_counts_and_the_report_says_what_misses()
    {
        $good = json_encode(self::beacons()['good']);
        $answer = $this->beacon($good);
        $answer->assertStatus(204);
        $this->assertSame('', $answer->getContent());
        $this->assertSame([], $answer->headers->getCookies(), 'no session, no cookie');
        // In no middleware group: no session, no CSRF check (which tests skip anyway, so it is asserted here).
        $this->assertSame([], app('router')->getRoutes()->match(\Illuminate\Http\Request::create('/storefront/field-data', 'POST'))->gatherMiddleware());
        $this->beacon($good, 'application/json')->assertStatus(204);
        // One row per bucket; the same beacon twice adds to the same rows.
        $this->assertSame(13, DB::table('storefront_field_data')->count());
        $this->assertSame(2, (int) DB::table('storefront_field_data')->where('metric', 'INP')->value('n'));

        $this->assertSame(0, Artisan::call('storefront:field-report'));
        $text = Artisan::output();
        $this->assertMatchesRegularExpression('/^INP +category +cart-dropdown +2 +238 ms +248 ms +≤ 200 ms +MISS$/m', $text);
        $this->assertMatchesRegularExpression('/^held +category +cart-dropdown +2 +95 ms +99 ms +≤ 100 ms +ok$/m', $text);
        $this->assertStringContainsString("cart-dropdown: MISSES INP p75 238 ms > 200 ms (n=2); failures: 2 chunk\n", $text);
        $this->assertStringContainsString("page: good: CLS p75 0.044 ≤ 0.1 (n=2)\n", $text);
        $this->assertSame(0, Artisan::call('storefront:field-report', ['--from' => '2020-01-01', '--to' => '2020-01-02']));
        $this->assertStringContainsString('(no field data in this range)', Artisan::output());
        $this->assertSame(2, Artisan::call('storefront:field-report', ['--from' => '2020-02-30']));
        $this->assertStringContainsString('--from is not a date such as 2026-11-28: no report.', Artisan::output());
    }

    /** @return array<string, array{string}> */
    public static function badShapes(): array
    {
        return array_map(function (string $body) {
            return [$body];
        }, self::beacons()['bad']);
    }

    /** @dataProvider badShapes */
    #[DataProvider('badShapes')]
    public function test_a_bad_shape_gets_400_and_one_fixed_line_and_stores_nothing(string $body)
    {
        $this->beacon(json_encode(self::beacons()['good']))->assertStatus(204);
        $before = $this->stored();
        $answer = $this->beacon($body);
        $answer->assertStatus(400);
        $this->assertSame("Bad field data.\n", $answer->getContent());
        $this->assertSame($before, $this->stored());
    }

    public function test_oversize_another_type_and_a_flood_get_413_415_429_and_store_nothing()
    {
        $good = json_encode(self::beacons()['good']);
        $this->beacon($good)->assertStatus(204);
        $before = $this->stored();
        $big = $this->beacon(str_repeat(self::HOSTILE, 1000));
        $big->assertStatus(413);
        $this->assertSame("Field data too large.\n", $big->getContent());
        // A good body announced as longer than the cap: refused before it is read.
        $this->call('POST', '/storefront/field-data', [], [], [], ['CONTENT_TYPE' => 'text/plain', 'CONTENT_LENGTH' => '16385', 'REMOTE_ADDR' => '198.51.100.7'], $good)->assertStatus(413);
        $type = $this->beacon($good, 'application/x-www-form-urlencoded');
        $type->assertStatus(415);
        $this->assertStringNotContainsString('urlencoded', $type->getContent());
        $this->assertSame($before, $this->stored());
        for ($i = 4; $i < 30; $i++) {
            $this->beacon($good)->assertStatus(204);
        }
        $before = $this->stored();
        $flood = $this->beacon($good);
        $flood->assertStatus(429);
        $this->assertSame("Too many field data beacons.\n", $flood->getContent());
        $this->assertSame($before, $this->stored());
        $this->beacon($good, 'text/plain', '203.0.113.5')->assertStatus(204); // another client
    }

    public function test_no_shopper_is_stored_and_the_report_escapes_every_stored_string()
    {
        $this->beacon(json_encode(self::beacons()['good']))->assertStatus(204);
        $this->assertStringNotContainsString('198.51.100.7', $this->stored());
        $this->assertStringNotContainsString('ab12cd3', $this->stored()); // not even the build
        $columns = array_keys((array) DB::table('storefront_field_data')->first());
        sort($columns);
        $this->assertSame(['bucket', 'day', 'device', 'id', 'island', 'metric', 'n', 'page'], $columns);
        // A stored string the checks would refuse, written straight into the table.
        DB::table('storefront_field_data')->insert(['day' => gmdate('Y-m-d'), 'metric' => 'INP', 'page' => self::HOSTILE, 'island' => self::HOSTILE, 'device' => 'mobile', 'bucket' => 22, 'n' => 3]);
        // An island with a wake time only.
        DB::table('storefront_field_data')->insert(['day' => gmdate('Y-m-d'), 'metric' => 'wake', 'page' => 'category', 'island' => 'search-bar', 'device' => 'mobile', 'bucket' => 10, 'n' => 2]);
        $file = $this->temporaryDirectory('field-report').'/report.html';
        $this->assertSame(0, Artisan::call('storefront:field-report', ['--html' => $file]));
        $html = file_get_contents($file);
        $this->assertStringNotContainsString('<script', $html);
        $this->assertStringContainsString('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;', $html);
        $this->assertMatchesRegularExpression('/<svg [^>]*aria-label="INP per island, budget 200 ms"/', $html);
        // An island with only unbudgeted figures (wakes) is neither good nor missing: muted, not green.
        $this->assertMatchesRegularExpression('#<span class="none">no budgeted metric measured</span>#', $html);
        $this->assertDoesNotMatchRegularExpression('#<span class="ok">no budgeted#', $html);
        // The text as it is stored, no Symfony style tag read in it, no control character.
        DB::table('storefront_field_data')->insert(['day' => gmdate('Y-m-d'), 'metric' => 'INP', 'page' => 'p', 'island' => "<fg=red>\e[2Jred</>", 'device' => 'mobile', 'bucket' => 22, 'n' => 3]);
        $this->assertSame(0, Artisan::call('storefront:field-report'));
        $text = Artisan::output();
        $this->assertStringContainsString(self::HOSTILE.': MISSES INP p75', $text);
        $this->assertStringContainsString('<fg=red>?[2Jred</>: MISSES INP p75', $text);
    }

    public function test_off_by_default_and_a_bad_value_is_refused_in_one_line_naming_it()
    {
        $this->env = ['STOREFRONT_FIELD_DATA' => 'false'];
        $this->refreshApplication();
        $this->beacon(json_encode(self::beacons()['good']))->assertStatus(404);

        $log = storage_path('logs/laravel.log');
        $line = "Storefront field data is off: storefront.field_data.per_minute (STOREFRONT_FIELD_DATA_PER_MINUTE)='lots' is not a whole number of beacons from 1 to 10000";
        $before = is_file($log) ? substr_count(file_get_contents($log), $line) : 0;
        $this->env = ['STOREFRONT_FIELD_DATA' => 'true', 'STOREFRONT_FIELD_DATA_PER_MINUTE' => 'lots'];
        $this->refreshApplication();
        $this->beacon(json_encode(self::beacons()['good']))->assertStatus(404);
        $this->refreshApplication(); // a second boot within the minute: said once
        $this->beacon(json_encode(self::beacons()['good']))->assertStatus(404);
        $this->assertSame($before + 1, substr_count(file_get_contents($log), $line));
    }

    public function test_on_sql_server_a_beacon_is_added_in_one_merge_that_sums()
    {
        // No server here: the statement as Laravel would send it (pretend; SQLite's PDO only quotes the log's bindings).
        $db = new \Illuminate\Database\SqlServerConnection(new \PDO('sqlite::memory:'), 'shop', '', ['driver' => 'sqlsrv']);
        $queries = $db->pretend(function () use ($db) {
            (new Store($db))->add([['INP', 'category', 'cart-dropdown', 'mobile', 21, 2]], '2026-11-28');
        });
        $merge = end($queries)['query']; // after the day's count
        $this->assertStringStartsWith('merge [storefront_field_data] using (values', $merge);
        $this->assertStringContainsString('when matched then update set [n] = storefront_field_data.n + laravel_source.n', $merge);
    }

    public function test_the_table_is_bounded_per_day_made_up_pages_add_no_row_past_the_cap_and_real_series_still_count()
    {
        $this->app->bind(Store::class, function ($app) {
            return new Store($app['db']->connection(), 20);
        });
        $good = self::beacons()['good'];
        $this->beacon(json_encode($good))->assertStatus(204); // 13 rows
        // Good beacons from five clients, each with a page type of its own: 13 new rows each.
        for ($i = 0; $i < 5; $i++) {
            $this->beacon(json_encode(['page' => "made-up-$i"] + $good), 'text/plain', "203.0.113.$i")->assertStatus(204);
        }
        $this->assertSame(13, DB::table('storefront_field_data')->count());
        $this->beacon(json_encode($good))->assertStatus(204);
        $this->assertSame(2, (int) DB::table('storefront_field_data')->where('metric', 'INP')->value('n'));
    }

    public function test_a_store_that_fails_answers_503_with_one_fixed_line_even_in_debug_and_logs_it_once_a_minute()
    {
        config(['app.debug' => true]);
        \Illuminate\Support\Facades\Schema::drop('storefront_field_data'); // `php artisan migrate` not run
        @unlink(storage_path('framework/cache/storefront-field-data-store.logged'));
        $errors = function (): int {
            $log = storage_path('logs/laravel.log');

            return is_file($log) ? preg_match_all('/^\[[^\]]+\] \w+\.ERROR: .*no such table: storefront_field_data/m', file_get_contents($log)) : 0;
        };
        $before = $errors();
        foreach (['198.51.100.7', '203.0.113.5'] as $ip) {
            $answer = $this->beacon(json_encode(self::beacons()['good']), 'text/plain', $ip);
            $answer->assertStatus(503);
            $this->assertSame("Field data is not stored now.\n", $answer->getContent());
        }
        $this->assertSame($before + 1, $errors(), 'the error logged once for both beacons');
    }

    public function test_on_mysql_every_beacon_upserts_its_rows_in_one_order_so_two_at_once_cannot_deadlock()
    {
        $db = new \Illuminate\Database\MySqlConnection(new \PDO('sqlite::memory:'), 'shop', '', ['driver' => 'mysql']);
        $rows = [['wake', 'category', 'search-bar', 'mobile', 20, 1], ['wake', 'category', 'cart-dropdown', 'mobile', 20, 1], ['LCP', 'category', 'page', 'mobile', 40, 1]];
        $bindings = [];
        foreach ([$rows, array_reverse($rows)] as $beacon) {
            $queries = $db->pretend(function () use ($db, $beacon) {
                (new Store($db))->add($beacon, '2026-11-28');
            });
            $bindings[] = end($queries)['bindings'];
        }
        $this->assertSame($bindings[0], $bindings[1]);
    }
}
