<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Config\Repository as Config;
use Illuminate\Http\Client\Factory as Http;
use Illuminate\Support\Facades\Log;
use StorefrontWidgets\Ssr\LogThrottle;
use StorefrontWidgets\Ssr\Options;
use StorefrontWidgets\Ssr\Render;
use StorefrontWidgets\Ssr\Throttle;
use Throwable;

/**
 * The render service's POST /render through Laravel's Http (so Http::fake()
 * and the app's middleware see it), with the PHP client's request, answer,
 * kept connection, log line and throttle: one request for a page's hooks,
 * never an exception, never longer than the timeout, skipped at once while
 * the service refuses (client/Throttle.php).
 */
class RenderClient
{
    /** The config keys the client reads, by the client's option each is, with the variable that sets it. */
    public const SETTINGS = [
        'enabled' => ['storefront.ssr.enabled', 'STOREFRONT_SSR'],
        'url' => ['storefront.ssr.url', 'STOREFRONT_SSR_URL'],
        'timeout' => ['storefront.ssr.timeout', 'STOREFRONT_SSR_TIMEOUT'],
        'keep_alive' => ['storefront.ssr.keep_alive', 'STOREFRONT_SSR_KEEP_ALIVE'],
    ];

    /** @var Http */
    private $http;

    /** @var Config */
    private $config;

    /** @var Throttle|null */
    private $throttle;

    /** $throttle: this PHP process's by default, its counts in a file of storage/framework/cache. */
    public function __construct(Http $http, Config $config, ?Throttle $throttle = null)
    {
        $this->http = $http;
        $this->config = $config;
        $this->throttle = $throttle;
    }

    /** The render service's URL (storefront.ssr.url), without a trailing slash. */
    public static function serviceUrl(Config $config): string
    {
        return rtrim((string) $config->get('storefront.ssr.url'), '/');
    }

    /** Where the time of the last log line about $what is kept, for every PHP worker of the machine. */
    public static function logFile(string $what = 'ssr'): string
    {
        return storage_path("framework/cache/storefront-{$what}.logged");
    }

    /**
     * The settings (SETTINGS), each checked, and one phrase per value refused.
     *
     * @return array{0: array<string, mixed>, 1: string[]}
     */
    public function settings(): array
    {
        $values = [];
        $problems = [];
        foreach (self::SETTINGS as $name => [$key, $variable]) {
            $value = $this->config->get($key);
            [$ok, $values[$name]] = Options::parse($name, $value);
            if (! $ok) {
                $problems[] = Options::refusal("{$key} ({$variable})", $value, $name);
            }
        }

        return [$values, $problems];
    }

    /**
     * One inner HTML per hook ({widget, props}), in order; '' for each hook the
     * service did not render, and for all of them when it is down, slow or
     * wrong, when server rendering is off, or when a setting is refused.
     *
     * @param  array<int, array{widget: string, props: mixed}>  $hooks
     * @param  array|object  $config  the page config, as in #storefront-config
     * @param  string|null  $renderVersion  the render version of the bundle the page loads (its manifest says)
     * @return string[]
     */
    public function render(array $hooks, $config, ?string $renderVersion = null): array
    {
        $empty = array_fill(0, count($hooks), '');
        [$settings, $problems] = $this->settings();
        if ($problems !== []) {
            $this->log(Options::line($problems));
        }
        if ($hooks === [] || $problems !== [] || ! $settings['enabled'] || $settings['url'] === null) {
            return $empty;
        }
        $throttle = $this->throttle ?? Throttle::forService($settings['url'], dirname(self::logFile()));
        if ($throttle->skips()) {
            return $empty;
        }
        $ms = $settings['timeout'];
        // In seconds as floats through Guzzle's own options: Http::timeout() takes whole seconds before Laravel 11.
        $seconds = $ms / 1000;
        $accepted = false; // no whole answer: refused
        try {
            $http = $settings['keep_alive'] ? $this->http->setHandler(new KeptConnection) : $this->http;
            $response = $http
                ->withOptions(['timeout' => $seconds, 'connect_timeout' => $seconds])
                ->withHeaders(Render::headers(count($hooks), $ms, $renderVersion))
                ->withBody(Render::body($config, $hooks), 'application/json')
                ->post($settings['url'].'/render');
            $html = Render::html($response->status(), $response->body(), count($hooks));
            $accepted = Throttle::verdict(is_array($html), $response->headers());
        } catch (Throwable $e) {
            $html = $e->getMessage();
        }
        $throttle->done($accepted);
        if (is_string($html)) {
            $this->log(LogThrottle::unavailable($settings['url'], $html));

            return $empty;
        }

        return $html;
    }

    /** One warning line, one a minute at most across the machine's PHP workers. */
    private function log(string $line): void
    {
        if (LogThrottle::first(self::logFile())) {
            Log::warning($line);
        }
    }
}
