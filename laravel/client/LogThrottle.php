<?php

namespace StorefrontWidgets\Ssr;

/**
 * One log line per EVERY seconds across the machine's PHP workers: the worker that takes the lock
 * of a file they share and finds the last line old enough writes the next. Without the file (it
 * cannot be opened), every line is written: a line too many beats a mistake nobody hears of.
 */
final class LogThrottle
{
    /** Seconds between two lines. */
    public const EVERY = 60;

    /** Whether this line is the first for EVERY seconds (it is then recorded as written now). */
    public static function first(string $file): bool
    {
        $handle = @fopen($file, 'c+');
        if ($handle === false) {
            return true;
        }
        $first = flock($handle, LOCK_EX | LOCK_NB) && microtime(true) - (float) stream_get_contents($handle) >= self::EVERY;
        if ($first) {
            ftruncate($handle, 0);
            rewind($handle);
            fwrite($handle, (string) microtime(true));
        }
        fclose($handle); // and unlocks

        return $first;
    }

    /** The line for a service that did not give a page its hooks' HTML. */
    public static function unavailable(string $url, string $reason): string
    {
        return "Storefront render service at {$url} unavailable, hooks render in the browser: " . self::excerpt($reason);
    }

    /** $text on one line, 200 bytes at most. */
    public static function excerpt(string $text): string
    {
        $text = (string) preg_replace('/\s+/', ' ', $text);

        return strlen($text) > 200 ? substr($text, 0, 200) . '…' : $text;
    }
}
