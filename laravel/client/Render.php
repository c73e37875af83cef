<?php

namespace StorefrontWidgets\Ssr;

/** The render service's POST /render, both sides of it: what a page sends, and what its answer must be. */
final class Render
{
    /** Tells the service how long this request waits (ms): it never starts a render that would end later. */
    public const TIMEOUT_HEADER = 'X-Storefront-Timeout';

    /** Tells the service how many hooks the body holds: under load it refuses a request without reading the body. */
    public const HOOKS_HEADER = 'X-Storefront-Hooks';

    /** Tells the service the render version of the bundle the page loads: server HTML of another build would not hydrate. */
    public const RENDER_VERSION_HEADER = 'X-Storefront-Render-Version';

    /**
     * The request body: the page config and its hooks, encoded as data-props is (a string that is not
     * UTF-8 becomes null), so both sides see the same props.
     *
     * @param array|object $config the page config, as in #storefront-config
     */
    public static function body($config, array $hooks): string
    {
        return (string) json_encode(['config' => $config === [] ? new \stdClass() : $config, 'hooks' => $hooks], JSON_PARTIAL_OUTPUT_ON_ERROR);
    }

    /**
     * The request's headers, name => value: its deadline, its count of hooks, and the render version
     * of the bundle the page loads when known.
     *
     * @return array<string, string>
     */
    public static function headers(int $hooks, int $timeoutMs, ?string $renderVersion): array
    {
        $headers = ['Content-Type' => 'application/json', 'Accept' => 'application/json', self::TIMEOUT_HEADER => (string) $timeoutMs, self::HOOKS_HEADER => (string) $hooks];
        if ($renderVersion !== null && preg_match('/^[\w.-]{1,64}$/', $renderVersion)) {
            $headers[self::RENDER_VERSION_HEADER] = $renderVersion;
        }

        return $headers;
    }

    /** @return string[] the headers as "Name: value" lines */
    public static function lines(array $headers): array
    {
        return array_map(function ($name, $value) {
            return "{$name}: {$value}";
        }, array_keys($headers), $headers);
    }

    /**
     * One inner HTML per hook from the service's answer ('' for a hook it did not render), or, when
     * the answer is not one HTML string per hook, why not (a string).
     *
     * @return string[]|string
     */
    public static function html(int $status, string $body, int $hooks)
    {
        $html = $status === 200 ? json_decode($body, true) : null;
        $html = is_array($html) ? ($html['html'] ?? null) : null;
        if (!is_array($html) || array_keys($html) !== array_keys(array_fill(0, $hooks, ''))) {
            return "HTTP {$status}, not {\"html\": [one string per hook]}: " . LogThrottle::excerpt($body);
        }

        return array_map(function ($h) {
            return is_string($h) ? $h : '';
        }, $html);
    }
}
