<?php
/**
 * Server rendering for any PHP page, PHP 7.4+, no dependencies (docs/embedding.md, "7. Server rendering"):
 * the one PHP client of the render service, whose parts (this folder) the Laravel package uses too.
 *
 *   require __DIR__ . '/storefront-ssr/storefront-ssr.php';
 *   $ssr = StorefrontSsr::start(['url' => 'http://127.0.0.1:13714', 'timeout' => 200, 'config' => $storefrontConfig]);
 *   echo $ssr->hook('cart-dropdown');
 *
 * start() buffers the page; each hook prints its element (as the Laravel package's island component
 * does) with a placeholder inside. When the page ends, every hook still in it goes to the render
 * service (POST /render) in ONE request, and each placeholder becomes its hook's server HTML. When the
 * service is down, slower than `timeout` ms (it is told so in X-Storefront-Timeout) or answers anything
 * but one HTML string per hook, every hook stays empty and renders in the browser; error_log gets one
 * line a minute at most. While the service refuses renders (overload), this PHP process skips some of
 * its requests at once, their hooks empty too (Throttle.php). An option that is malformed or out of range is refused in such a line too,
 * and the page renders with every hook empty.
 */

use StorefrontWidgets\Ssr\Curl;
use StorefrontWidgets\Ssr\Hooks;
use StorefrontWidgets\Ssr\Http1;
use StorefrontWidgets\Ssr\LogThrottle;
use StorefrontWidgets\Ssr\Manifest;
use StorefrontWidgets\Ssr\Options;
use StorefrontWidgets\Ssr\Render;
use StorefrontWidgets\Ssr\Throttle;

foreach (['Curl', 'Hooks', 'Http1', 'LogThrottle', 'Manifest', 'Options', 'Render', 'Throttle'] as $part) {
    if (!class_exists('StorefrontWidgets\\Ssr\\' . $part, false)) {
        require __DIR__ . '/' . $part . '.php';
    }
}

final class StorefrontSsr
{
    /** @var array<string, mixed> the options, checked (Options::check) */
    private $options;
    /** @var string[] the options refused: server rendering is off */
    private $problems;
    /** @var string where the last log line's time is kept, for every PHP worker of the machine */
    private $logFile;
    /** @var Hooks */
    private $hooks;
    /** @var string the page so far, while it is buffered */
    private $page = '';
    /** @var Throttle|null this PHP process's counts of requests and accepts (null: no service) */
    private $throttle;

    /**
     * `url` of the render service (null: none, hooks render in the browser), `timeout` in ms (200), `config` (the
     * #storefront-config block's array), `manifest` (the bundle's manifest.json: the service renders for its
     * build only), `transport` ('kept': one connection kept per PHP process; 'curl' or 'streams': a connection
     * per page), `logFile` (temp folder). A value refused turns server rendering off, in one log line.
     * $throttle: this process's by default (its counts in a file of the temp folder).
     */
    public function __construct(array $options = [], ?Throttle $throttle = null)
    {
        [$this->options, $this->problems] = Options::check($options);
        $this->logFile = $this->options['logFile'] ?? sys_get_temp_dir() . '/storefront-ssr-' . md5((string) $this->options['url']) . '.logged';
        $this->throttle = $throttle ?? ($this->options['url'] === null ? null : Throttle::forService($this->options['url'], sys_get_temp_dir()));
        $this->hooks = new Hooks();
        if ($this->problems !== []) {
            $this->log(Options::line($this->problems));
        }
    }

    /** A renderer that buffers the page from now on and fills its hooks when the page ends. */
    public static function start(array $options = [], ?Throttle $throttle = null): self
    {
        $ssr = new self($options, $throttle);
        ob_start([$ssr, 'onOutput']);

        return $ssr;
    }

    /**
     * One hook: `<$tag data-widget="$widget" data-props='…' $attributes>` with
     * a placeholder for its server HTML. $attributes is printed as given.
     */
    public function hook(string $widget, $props = null, string $tag = 'div', string $attributes = ''): string
    {
        return Hooks::element($widget, $props, $tag, $attributes, $this->hooks->add($widget, $props));
    }

    /** The output buffer's callback: keeps the page until it ends, then fills its hooks. */
    public function onOutput(string $chunk, int $phase): string
    {
        // A cleaned buffer's output is dropped; a flush waits for the end of the page (the hooks are filled at once).
        if (!($phase & PHP_OUTPUT_HANDLER_CLEAN)) {
            $this->page .= $chunk;
        }
        if (!($phase & PHP_OUTPUT_HANDLER_FINAL)) {
            return '';
        }
        $page = $this->page;
        $this->page = '';
        try {
            return $this->fill($page);
        } catch (Throwable $e) {
            // An exception must not escape an output handler: the page goes out with empty hooks.
            $this->log(LogThrottle::unavailable((string) $this->options['url'], $e->getMessage()));

            return $this->fill($page, false);
        }
    }

    /** $html with every placeholder replaced by its hook's server HTML ('' when there is none). */
    public function fill(string $html, bool $render = true): string
    {
        $render = $render && $this->problems === [] && $this->options['url'] !== null;

        return $this->hooks->fill($html, $render ? [$this, 'render'] : null);
    }

    /**
     * One inner HTML per hook, in order: all '' when the service is down,
     * slow or wrong (then one log line a minute at most), or refuses, or
     * when this process skips the request while it refuses (Throttle).
     *
     * @return string[]
     */
    public function render(array $hooks): array
    {
        if ($this->throttle !== null && $this->throttle->skips()) {
            return array_fill(0, count($hooks), '');
        }
        $options = $this->options;
        $manifest = $options['manifest'] === null ? null : Manifest::read($options['manifest']);
        $version = $manifest === null ? null : Manifest::renderVersion($manifest['manifest']);
        $headers = Render::lines(Render::headers(count($hooks), $options['timeout'], $version));
        $body = Render::body($options['config'], $hooks);
        $url = $options['url'] . '/render';
        if ($options['transport'] === 'curl') {
            $answer = Curl::post($url, $headers, $body, $options['timeout']);
        } else {
            $answer = Http1::send('POST', $url, $headers, $body, microtime(true) + $options['timeout'] / 1000, $options['transport'] === 'kept');
        }
        $html = $answer[3] === '' ? Render::html($answer[0], $answer[2], count($hooks)) : "{$answer[3]} (timeout {$options['timeout']} ms)";
        if ($this->throttle !== null) {
            $this->throttle->done(Throttle::verdict(is_array($html), $answer[1]));
        }
        if (is_string($html)) {
            $this->log(LogThrottle::unavailable((string) $options['url'], $html));

            return array_fill(0, count($hooks), '');
        }

        return $html;
    }

    /** One line to error_log, one a minute at most across the machine's PHP workers. */
    private function log(string $line): void
    {
        if (LogThrottle::first($this->logFile)) {
            error_log($line);
        }
    }
}
