<?php

namespace StorefrontWidgets\Laravel\Console;

use Illuminate\Console\Command;
use Illuminate\Support\Facades\Http;
use StorefrontWidgets\Laravel\RenderClient;
use Throwable;

/** GET /health of the render service: exit 0 when it answers ok. */
class SsrCheckCommand extends Command
{
    protected $signature = 'storefront:ssr-check';

    protected $description = 'Check that the storefront render service answers /health';

    public function handle()
    {
        $url = RenderClient::serviceUrl($this->laravel['config']);
        try {
            $response = Http::withOptions(['timeout' => 2.0, 'connect_timeout' => 2.0])->acceptJson()->get($url.'/health');
            $health = $response->json();
            if ($response->status() === 200 && is_array($health) && ($health['status'] ?? null) === 'ok') {
                $this->info(sprintf(
                    'Render service at %s is up: %s widgets, %s render requests answered, up %s s.',
                    $url, $health['widgets'] ?? '?', $health['requests'] ?? '?', $health['uptime'] ?? '?'
                ));

                return 0;
            }
            $this->error("Render service at {$url} answered HTTP {$response->status()}: ".substr($response->body(), 0, 200));
        } catch (Throwable $e) {
            $this->error("Render service at {$url} is not reachable: ".$e->getMessage());
        }

        return 1;
    }
}
