<?php

namespace StorefrontWidgets\Laravel\Console;

use Illuminate\Console\Command;
use StorefrontWidgets\Laravel\RenderClient;
use Symfony\Component\Process\Process;

/** Runs the render service in the foreground, for Supervisor or systemd (as inertia:start-ssr does). */
class SsrCommand extends Command
{
    protected $signature = 'storefront:ssr';

    protected $description = 'Run the storefront render service (server rendering) in the foreground';

    public function handle()
    {
        $script = (string) config('storefront.ssr.script');
        if (! is_file($script)) {
            $this->error("The render service is not at {$script}: build the package (npm run build) or set STOREFRONT_SSR_SCRIPT.");

            return 1;
        }
        $url = parse_url(RenderClient::serviceUrl($this->laravel['config']));
        $host = $url['host'] ?? '127.0.0.1';
        if (! in_array($host, ['127.0.0.1', 'localhost'], true)) {
            $this->error("storefront.ssr.url must point at this machine (127.0.0.1): the render service listens there only. It is {$host}.");

            return 1;
        }
        $node = (string) config('storefront.ssr.node');
        $env = ['SSR_PORT' => (string) ($url['port'] ?? 80)];

        // Replace this process with Node when PHP can: the stop signal from
        // Supervisor or systemd then reaches the service itself.
        if (function_exists('pcntl_exec')) {
            $path = str_contains($node, '/') ? $node : (new \Symfony\Component\Process\ExecutableFinder)->find($node);
            if ($path === null) {
                $this->error("{$node} not found: install Node 20.11+ or set STOREFRONT_NODE.");

                return 1;
            }
            foreach ($env as $key => $value) {
                putenv("{$key}={$value}");
            }
            pcntl_exec($path, [$script], getenv());
            $this->error("Could not start {$path}.");

            return 1;
        }

        $process = new Process([$node, $script], dirname($script), $env, null, null);
        $process->start();
        foreach ($process as $type => $data) {
            $type === Process::OUT ? $this->output->write($data) : $this->output->getErrorStyle()->write($data);
        }

        return (int) $process->getExitCode();
    }
}
