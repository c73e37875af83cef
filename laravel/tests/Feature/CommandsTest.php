<?php

namespace StorefrontWidgets\Laravel\Tests\Feature;

use Illuminate\Support\Facades\Artisan;
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
            [PHP_BINARY, '-d', 'include_path='.get_include_path(), __DIR__.'/../app/artisan', 'storefront:ssr'],
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

    public function test_vendor_publish_copies_the_built_bundle_into_public()
    {
        $bundle = sys_get_temp_dir().'/storefront-dist-'.getmypid();
        @mkdir($bundle.'/chunks', 0777, true);
        file_put_contents($bundle.'/manifest.json', '{}');
        file_put_contents($bundle.'/chunks/chunk-X.js', 'export{}');
        $this->env = ['STOREFRONT_BUNDLE' => $bundle];
        $this->refreshApplication();

        $this->assertSame(0, Artisan::call('vendor:publish', ['--tag' => 'storefront-assets', '--force' => true]));
        $this->assertFileEquals($bundle.'/chunks/chunk-X.js', $this->public.'/storefront/chunks/chunk-X.js');
    }
}
