<?php

namespace StorefrontWidgets\Ssr;

/**
 * The render client's settings, each checked before a page uses it: a malformed or out-of-range value
 * is refused, never guessed at (a `timeout` of 'abc' is not 1 ms), and said in one line that names it
 * and what is allowed, as the render service says of its environment (`SSR_PORT=abc is not an integer >= 0`).
 */
final class Options
{
    /** What each setting allows, as the line refusing a value says it. */
    public const ALLOWED = [
        'url' => 'an http:// URL such as http://127.0.0.1:13714, or null (no server rendering)',
        'timeout' => 'a whole number of milliseconds from 1 to 60000',
        'config' => 'an array or an object (the #storefront-config values)',
        'manifest' => "the path of the bundle's manifest.json, or null",
        'transport' => "'kept', 'curl' (with PHP's curl extension) or 'streams'",
        'logFile' => 'a file path',
        'enabled' => 'true or false (or 1 or 0)',
        'keep_alive' => 'true or false (or 1 or 0)',
        'keep_hours' => 'a number of hours, 0 or more',
        'file' => 'a file path',
        'path' => 'a path of the site such as /storefront/field-data',
        'per_minute' => 'a whole number of beacons from 1 to 10000',
    ];

    /** The plain client's options and their defaults (logFile: null, a file of the temp folder). */
    public const DEFAULTS = ['url' => null, 'timeout' => 200, 'config' => [], 'manifest' => null, 'transport' => 'kept', 'logFile' => null];

    /**
     * The options with a default for each one not given, and one phrase per value refused (none: all
     * is well). Unknown names are refused too: a misspelt option would be ignored without a word.
     *
     * @return array{0: array<string, mixed>, 1: string[]}
     */
    public static function check(array $given): array
    {
        $values = self::DEFAULTS;
        $problems = [];
        foreach ($given as $name => $value) {
            if (!array_key_exists($name, self::DEFAULTS)) {
                $problems[] = "option '{$name}' is unknown (known: " . implode(', ', array_keys(self::DEFAULTS)) . ')';
                continue;
            }
            [$ok, $values[$name]] = self::parse($name, $value);
            if (!$ok) {
                $problems[] = self::refusal("option {$name}", $value, $name);
            }
        }

        return [$values, $problems];
    }

    /**
     * Setting $name's value made plain (a URL without its trailing slash, a timeout as an integer, a
     * flag as a boolean, hours as a float), or, when it is refused, false and the default.
     *
     * @return array{0: bool, 1: mixed}
     */
    public static function parse(string $name, $value): array
    {
        switch ($name) {
            case 'url':
                $url = is_string($value) ? rtrim($value, '/') : $value;
                $parts = is_string($url) ? parse_url($url) : false;
                $ok = $url === null || $url === '' || (is_array($parts) && ($parts['scheme'] ?? '') === 'http' && isset($parts['host'])
                    && array_diff(array_keys($parts), ['scheme', 'host', 'port', 'path']) === [] && !preg_match('/\s/', $url));

                return [$ok, $ok && $url !== '' ? $url : null];
            case 'timeout':
                $ms = is_int($value) || (is_string($value) && preg_match('/^\s*\d{1,9}\s*$/', $value)) ? (int) $value : null;
                $ok = $ms !== null && $ms >= 1 && $ms <= 60000;

                return [$ok, $ok ? $ms : 200];
            case 'config':
                return [is_array($value) || is_object($value), is_array($value) || is_object($value) ? $value : []];
            case 'manifest':
                return [$value === null || (is_string($value) && $value !== ''), is_string($value) && $value !== '' ? $value : null];
            case 'transport':
                $ok = in_array($value, ['kept', 'streams'], true) || ($value === 'curl' && function_exists('curl_init'));

                return [$ok, $ok ? $value : 'kept'];
            case 'keep_hours':
                $ok = (is_int($value) || is_float($value) || is_string($value)) && is_numeric($value) && $value >= 0;

                return [$ok, $ok ? (float) $value : 24.0];
            case 'path':
                $ok = is_string($value) && preg_match('#\A/[A-Za-z0-9._~/-]{0,200}\z#', $value) === 1;

                return [$ok, $ok ? $value : '/storefront/field-data'];
            case 'per_minute':
                $n = is_int($value) || (is_string($value) && preg_match('/^\s*\d{1,9}\s*$/', $value)) ? (int) $value : 0;

                return [$n >= 1 && $n <= 10000, $n >= 1 && $n <= 10000 ? $n : 30];
            case 'file':
            case 'logFile':
                return [is_string($value) && $value !== '', is_string($value) && $value !== '' ? $value : null];
            default: // enabled, keep_alive: flags
                $flag = is_string($value) ? strtolower(trim($value)) : $value;
                $ok = in_array($flag, [true, false, 0, 1, '0', '1', 'true', 'false'], true);

                return [$ok, $ok && in_array($flag, [true, 1, '1', 'true'], true)];
        }
    }

    /** "$label=$value is not <what $name allows>". */
    public static function refusal(string $label, $value, string $name): string
    {
        return "{$label}=" . self::show($value) . ' is not ' . self::ALLOWED[$name];
    }

    /** The line an operator reads when settings are refused: the page renders, its hooks in the browser. */
    public static function line(array $problems): string
    {
        return 'Storefront server rendering is off, hooks render in the browser: ' . implode('; ', $problems);
    }

    /** A value as the line shows it: strings quoted, at most 60 bytes. */
    private static function show($value): string
    {
        if (is_object($value)) {
            return 'an object of class ' . get_class($value);
        }
        $shown = is_array($value) ? 'an array' : (string) preg_replace('/\s+/', ' ', var_export($value, true));

        return strlen($shown) > 60 ? substr($shown, 0, 60) . '…' : $shown;
    }
}
