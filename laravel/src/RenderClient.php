<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Http\Client\Factory as Http;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\Log;
use RuntimeException;
use Throwable;

/** The render service's POST /render: one request for a page's hooks, never an exception, never longer than the timeout. */
class RenderClient
{
    /** Seconds between two log lines about an unavailable service. */
    public const LOG_EVERY = 60;

    /** Tells the service how long this request waits (ms): it never starts a render that would end later. */
    public const TIMEOUT_HEADER = 'X-Storefront-Timeout';

    /** Tells the service how many hooks the body holds: under load it refuses a request without reading the body. */
    public const HOOKS_HEADER = 'X-Storefront-Hooks';

    /** Tells the service the render version of the bundle the page loads: it renders for that build only. */
    public const RENDER_VERSION_HEADER = 'X-Storefront-Render-Version';

    /** @var Http */
    private $http;

    /** @var Config */
    private $config;

    /** @var float|null when this process last logged (if the cache cannot say) */
    private static $loggedAt;

    public function __construct(Http $http, Config $config)
    {
        $this->http = $http;
        $this->config = $config;
    }

    /** The render service's URL (storefront.ssr.url), without a trailing slash. */
    public static function serviceUrl(Config $config): string
    {
        return rtrim((string) $config->get('storefront.ssr.url'), '/');
    }

    /**
     * One inner HTML per hook ({widget, props}), in order; '' for each hook the
     * service did not render, and for all of them when it is down, slow or wrong.
     *
     * @param  array<int, array{widget: string, props: mixed}>  $hooks
     * @param  array|object  $config  the page config, as in #storefront-config
     * @param  string|null  $renderVersion  the render version of the bundle the page loads (its manifest says)
     * @return string[]
     */
    public function render(array $hooks, $config, ?string $renderVersion = null): array
    {
        $empty = array_fill(0, count($hooks), '');
        if ($hooks === []) {
            return $empty;
        }
        $url = self::serviceUrl($this->config);
        // In seconds as floats through Guzzle's own options: Http::timeout() takes whole seconds before Laravel 11.
        $ms = max(1, (int) $this->config->get('storefront.ssr.timeout'));
        $seconds = $ms / 1000;
        try {
            // Encoded as data-props is (a string that is not UTF-8 becomes null), so both sides see the same props.
            $body = json_encode(['config' => $config, 'hooks' => $hooks], JSON_PARTIAL_OUTPUT_ON_ERROR);
            $http = $this->config->get('storefront.ssr.keep_alive') ? $this->http->setHandler(new KeptConnection) : $this->http;
            $response = $http
                ->withOptions(['timeout' => $seconds, 'connect_timeout' => $seconds])
                ->acceptJson()
                ->withHeaders([self::TIMEOUT_HEADER => (string) $ms, self::HOOKS_HEADER => (string) count($hooks)]
                    + ($renderVersion === null ? [] : [self::RENDER_VERSION_HEADER => $renderVersion]))
                ->withBody($body, 'application/json')
                ->post($url.'/render');
            $html = $response->status() === 200 ? json_decode($response->body(), true) : null;
            $html = is_array($html) ? ($html['html'] ?? null) : null;
            if (! is_array($html) || count($html) !== count($hooks) || array_keys($html) !== array_keys($hooks)) {
                throw new RuntimeException('HTTP '.$response->status().', not {"html": [one string per hook]}: '.self::excerpt($response->body()));
            }

            return array_map(function ($h) {
                return is_string($h) ? $h : '';
            }, $html);
        } catch (Throwable $e) {
            $this->logUnavailable($url, $e);

            return $empty;
        }
    }

    /** One line per LOG_EVERY seconds across workers (through the cache), or per process when the cache fails. */
    private function logUnavailable(string $url, Throwable $e): void
    {
        try {
            $first = Cache::add('storefront:render-service-logged', true, self::LOG_EVERY);
        } catch (Throwable $cacheError) {
            $first = self::$loggedAt === null || microtime(true) - self::$loggedAt >= self::LOG_EVERY;
        }
        if ($first) {
            self::$loggedAt = microtime(true);
            Log::warning("Storefront render service at {$url} unavailable, hooks render in the browser: ".self::excerpt($e->getMessage()));
        }
    }

    private static function excerpt(string $text): string
    {
        $text = preg_replace('/\s+/', ' ', $text);

        return strlen($text) > 200 ? substr($text, 0, 200).'…' : $text;
    }
}
