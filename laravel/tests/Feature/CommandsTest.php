<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Support\Facades\Artisan;
use PHPUnit\Framework\Attributes\DataProvider;
use StorefrontWidgets\Laravel\Tests\TestCase;

class CommandsTest extends TestCase
{
    public function test_ssr_check_says_whether_the_service_answers_health()
    {
        $this->fakeService('ok');
        $this->assertSame(0, Artisan::call('storefront:ssr-check'));
        $this->assertStringContainsString('is up: 10 widgets', Artisan::output());

        $this->stoppedService();
        $this->assertSame(1, Artisan::call('storefront:ssr-check'));
        $this->assertStringContainsString('is not reachable', Artisan::output());

        $this->fakeService('500');
        $this->assertSame(1, Artisan::call('storefront:ssr-check'));
    }

    public function test_ssr_runs_the_render_service_in_the_foreground_on_the_configured_port_until_it_is_stopped()
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $port = explode(':', stream_socket_get_name($socket, false))[1];
        fclose($socket);
        $process = proc_open(
            [PHP_BINARY, '-d', 'include_path='.get_include_path(), static::appBase().'/artisan', 'storefront:ssr'],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            ['STOREFRONT_SSR_URL' => "http://127.0.0.1:$port"] + getenv()
        );
        $line = fgets($pipes[1]);
        if ($line === false) {
            proc_terminate($process, 9);
            $this->fail('storefront:ssr did not start: '.stream_get_contents($pipes[2]));
        }
        $this->assertSame("Render service listening on http://127.0.0.1:$port/ (10 widgets)\n", $line);

        config(['storefront.ssr.url' => "http://127.0.0.1:$port"]);
        $this->assertSame(0, Artisan::call('storefront:ssr-check'));

        proc_terminate($process, 15); // as Supervisor and systemd stop it
        $deadline = microtime(true) + 10;
        while (($status = proc_get_status($process))['running'] && microtime(true) < $deadline) {
            usleep(20000);
        }
        $this->assertFalse($status['running']);
        $this->assertSame(0, $status['exitcode'], 'the service itself got the signal and stopped cleanly');
        proc_close($process);
    }

    public function test_ssr_refuses_a_service_url_on_another_machine()
    {
        config(['storefront.ssr.url' => 'http://10.0.0.5:13714']);
        $this->assertSame(1, Artisan::call('storefront:ssr'));
        $this->assertStringContainsString('must point at this machine', Artisan::output());
    }

    public function test_publish_copies_the_build_into_a_folder_of_its_own_once()
    {
        $real = config('storefront.bundle');
        $this->assertFileExists($real.'/manifest.json', 'the package\'s own bundle: run "npm run build" first');
        $this->assertSame(0, Artisan::call('storefront:publish'));
        $id = \StorefrontWidgets\Laravel\Builds::read($real)['id'];
        $this->assertSame("Published build $id into public/storefront/$id.\n", Artisan::output());
        $manifest = json_decode(file_get_contents($real.'/manifest.json'), true);
        foreach ($manifest as $chunk) {
            $this->assertFileEquals($real.'/'.$chunk['file'], $this->public."/storefront/$id/".$chunk['file']);
        }

        $this->assertSame(0, Artisan::call('storefront:publish'));
        $this->assertSame("Build $id is already in public/storefront: it is the newest again.\n", Artisan::output());
        $this->assertSame([$id], array_map('strval', array_keys(json_decode(file_get_contents($this->public.'/storefront/builds.json'), true))));
        $left = array_values(array_diff(scandir($this->public.'/storefront'), ['.', '..']));
        sort($left);
        $expected = ['builds.json', $id];
        sort($expected);
        $this->assertSame($expected, $left, 'no temporary folder left');
    }

    public function test_publish_without_a_built_bundle_says_what_to_do()
    {
        config(['storefront.bundle' => '/nowhere']);
        $this->assertSame(1, Artisan::call('storefront:publish'));
        $this->assertStringContainsString('No bundle at /nowhere/manifest.json: build the package (npm run build) or set STOREFRONT_BUNDLE.', Artisan::output());
    }

    public function test_a_rollback_makes_the_old_build_the_newest_and_the_build_it_replaced_goes_after_the_hours_kept()
    {
        $a = $this->bundle(null, true, 'a');
        $bundleA = config('storefront.bundle');
        \Illuminate\Support\Carbon::setTestNow(now()->addHour());
        $b = $this->bundle(['widgets/storefront.ts' => ['file' => 'storefront-B.js', 'isEntry' => true]], true, 'b');
        \Illuminate\Support\Carbon::setTestNow(now()->addHour());
        config(['storefront.bundle' => $bundleA]);
        $this->assertSame(0, Artisan::call('storefront:publish'));
        $this->assertSame("Build $a is already in public/storefront: it is the newest again.\n", Artisan::output());

        \Illuminate\Support\Carbon::setTestNow(now()->addHours(23));
        Artisan::call('storefront:prune-builds', ['--keep-hours' => 24]);
        $this->assertDirectoryExists($this->public."/storefront/$b");
        \Illuminate\Support\Carbon::setTestNow(now()->addHours(2));
        Artisan::call('storefront:prune-builds', ['--keep-hours' => 24]);
        $this->assertSame("Removed 1 build ($b); kept $a (builds replaced less than 24 hours ago, and the newest).\n", Artisan::output());
        $this->assertDirectoryDoesNotExist($this->public."/storefront/$b");
        $this->assertDirectoryExists($this->public."/storefront/$a");
        \Illuminate\Support\Carbon::setTestNow();

    }

    /** @dataProvider keepHours */
    #[DataProvider('keepHours')]
    public function test_hours_to_keep_that_are_not_a_number_of_hours_remove_nothing_and_say_so_in_one_line(?string $option, $config, ?string $line)
    {
        $this->bundle();
        $old = $this->bundle(['widgets/storefront.ts' => ['file' => 'storefront-OLD.js', 'isEntry' => true]], true, 'old');
        $this->bundle(['widgets/storefront.ts' => ['file' => 'storefront-NEW.js', 'isEntry' => true]], true, 'new');
        config(['storefront.keep_hours' => $config]);
        \Illuminate\Support\Carbon::setTestNow(now()->addHours(100));
        $status = Artisan::call('storefront:prune-builds', $option === null ? [] : ['--keep-hours' => $option]);
        \Illuminate\Support\Carbon::setTestNow();

        if ($line === null) {
            $this->assertSame(0, $status, Artisan::output());
            $this->assertDirectoryDoesNotExist($this->public."/storefront/$old");
        } else {
            $this->assertSame(1, $status);
            $this->assertSame($line.": nothing was removed.\n", Artisan::output());
            $this->assertDirectoryExists($this->public."/storefront/$old");
        }
    }

    public static function keepHours(): array
    {
        $config = 'storefront.keep_hours (STOREFRONT_KEEP_HOURS)=';
        $hours = ' is not a number of hours, 0 or more';

        return [
            '--keep-hours="a day"' => ['a day', 24, "--keep-hours='a day'{$hours}"],
            '--keep-hours=-1' => ['-1', 24, "--keep-hours='-1'{$hours}"],
            '--keep-hours=24' => ['24', 'abc', null],
            '--keep-hours=0.5' => ['0.5', 24, null],
            'config abc (was 0: every replaced build removed)' => [null, 'abc', "{$config}'abc'{$hours}"],
            'config empty' => [null, '', "{$config}''{$hours}"],
            'config null' => [null, null, "{$config}NULL{$hours}"],
            'config -2' => [null, -2, "{$config}-2{$hours}"],
            'config true' => [null, true, "{$config}true{$hours}"],
            'config "24"' => [null, '24', null],
            'config 0' => [null, 0, null],
            'config 1.5' => [null, 1.5, null],
        ];
    }

    public function test_a_build_id_of_digits_only_is_the_newest_again_and_pruned_as_any_other()
    {
        // A build id is 12 hex digits of a hash: about 1 in 280 is digits only, which PHP makes an integer array key.
        $builds = new \StorefrontWidgets\Laravel\Builds('/nowhere', $this->public.'/storefront');
        foreach (['123456789012', 'abcdef012345'] as $id) {
            @mkdir($this->public."/storefront/$id", 0777, true);
            file_put_contents($this->public."/storefront/$id/manifest.json", '{}');
        }
        file_put_contents($this->public.'/storefront/builds.json', json_encode(['abcdef012345' => 1000, '123456789012' => 2000]));
        $this->assertSame('123456789012', $builds->newest()['id']);
        $this->assertSame(['removed' => ['abcdef012345'], 'kept' => ['123456789012']], $builds->prune(0, 5000));
        $this->assertDirectoryExists($this->public.'/storefront/123456789012');
    }
}
