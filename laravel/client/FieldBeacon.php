<?php

namespace StorefrontWidgets\Ssr;

/**
 * One field-data beacon checked against its shape (docs/laravel.md, "Field data"; the bundle sends it)
 * and turned into histogram increments. Anything else is refused whole: a size over 16384 bytes before
 * it is parsed, a type that is neither text/plain nor application/json, JSON deeper than the shape, an
 * unknown or missing key, a wrong type, a number out of range, a list over 50 entries. The answer's
 * body is a fixed line per status: nothing of the input goes back, nor into a log.
 */
final class FieldBeacon
{
    public const MAX_BYTES = 16384;

    public const MAX_LIST = 50;

    /** The fixed body of each answer. */
    public const ANSWERS = [204 => '', 400 => "Bad field data.\n", 413 => "Field data too large.\n", 415 => "Field data must be text/plain or application/json.\n", 429 => "Too many field data beacons.\n"];

    private const ISLAND = '/\A[a-z][a-z0-9-]{0,39}\z/';

    private const PAGE = '/\A[a-z0-9][a-z0-9_\/{}.-]{0,59}\z/';

    private const BUILD = '/\A[A-Za-z0-9._+-]{1,40}\z/';

    private const MAX_MS = 600000;

    private const INPUTS = ['click', 'keydown', 'pointerdown', 'submit', 'focus', 'input'];

    private const FAILURES = ['chunk', 'reload', 'crash', 'mismatch', 'csp'];

    /**
     * The status to answer (204 when the beacon is good) and, when good, its increments: one row
     * [metric, page, island, device, bucket, count] per histogram bucket it adds to.
     *
     * @return array{0: int, 1: array<int, array{0: string, 1: string, 2: string, 3: string, 4: int, 5: int}>}
     */
    public static function read(string $body, ?string $contentType): array
    {
        $type = strtolower(trim(explode(';', (string) $contentType)[0]));
        if ($type !== 'text/plain' && $type !== 'application/json') {
            return [415, []];
        }
        if (strlen($body) > self::MAX_BYTES) {
            return [413, []];
        }
        // Objects stay objects and lists arrays, so {} is not taken for an empty list; depth 5 is the shape's.
        $beacon = json_decode($body, false, 5);
        $rows = $beacon instanceof \stdClass ? self::rows($beacon) : null;

        return $rows === null ? [400, []] : [204, $rows];
    }

    /** @return array<int, array{0: string, 1: string, 2: string, 3: string, 4: int, 5: int}>|null */
    private static function rows(\stdClass $b): ?array
    {
        if (!self::keys($b, ['v', 'build', 'page', 'device', 'metrics', 'held', 'wakes', 'failures', 'fallbacks'])
            || $b->v !== 1 || !self::text($b->build, self::BUILD) || !self::text($b->page, self::PAGE)
            || !in_array($b->device, ['mobile', 'desktop'], true)) {
            return null;
        }
        $add = [];
        $names = [];
        foreach (self::listOf($b->metrics) ?? [null] as $m) {
            if (!$m instanceof \stdClass || !self::keys($m, ['name', 'value', 'island'], ['parts', 'script'])
                || !in_array($m->name, ['LCP', 'CLS', 'INP'], true) || isset($names[$m->name]) || !self::text($m->island, self::ISLAND)
                || !self::number($m->value, $m->name === 'CLS' ? 100 : self::MAX_MS)
                || ($m->name !== 'INP' && (property_exists($m, 'parts') || property_exists($m, 'script')))) {
                return null;
            }
            $names[$m->name] = true;
            $add[] = [$m->name, $m->island, $m->value];
            foreach (['parts' => ['inputDelay', 'processing', 'presentation'], 'script' => ['ours', 'shop']] as $key => $parts) {
                if (!property_exists($m, $key)) {
                    continue;
                }
                if (!$m->$key instanceof \stdClass || !self::keys($m->$key, $parts)) {
                    return null;
                }
                foreach ($parts as $part) {
                    if (!self::number($m->$key->$part, self::MAX_MS)) {
                        return null;
                    }
                    $add[] = ['INP.' . ($key === 'script' ? 'script' . ucfirst($part) : $part), $m->island, $m->$key->$part];
                }
            }
        }
        foreach (self::listOf($b->held) ?? [null] as $h) {
            if (!$h instanceof \stdClass || !self::keys($h, ['island', 'input', 'ms']) || !self::text($h->island, self::ISLAND)
                || !in_array($h->input, self::INPUTS, true) || !self::number($h->ms, self::MAX_MS)) {
                return null;
            }
            $add[] = ['held', $h->island, $h->ms];
        }
        foreach (self::listOf($b->wakes) ?? [null] as $w) {
            if (!$w instanceof \stdClass || !self::keys($w, ['island', 'wake', 'hydrate']) || !self::text($w->island, self::ISLAND)
                || !self::number($w->wake, self::MAX_MS) || !self::number($w->hydrate, self::MAX_MS)) {
                return null;
            }
            array_push($add, ['wake', $w->island, $w->wake], ['hydrate', $w->island, $w->hydrate]);
        }
        foreach (self::listOf($b->failures) ?? [null] as $f) {
            if (!$f instanceof \stdClass || !self::keys($f, ['kind', 'island']) || !in_array($f->kind, self::FAILURES, true)
                || !self::text($f->island, self::ISLAND)) {
                return null;
            }
            $add[] = ['failure.' . $f->kind, $f->island, 0];
        }
        foreach (self::listOf($b->fallbacks) ?? [null] as $f) {
            if (!$f instanceof \stdClass || !self::keys($f, ['island']) || !self::text($f->island, self::ISLAND)) {
                return null;
            }
            $add[] = ['fallback', $f->island, 0];
        }

        return self::count($add, $b->page, $b->device);
    }

    /**
     * One row per bucket, its count the values that fell in it.
     *
     * @param array<int, array{0: string, 1: string, 2: int|float}> $values
     */
    private static function count(array $values, string $page, string $device): array
    {
        $rows = [];
        foreach ($values as [$metric, $island, $value]) {
            $bucket = FieldHistogram::bucket($metric, (float) $value);
            $key = "$metric $island $bucket";
            if (isset($rows[$key])) {
                $rows[$key][5]++;
            } else {
                $rows[$key] = [$metric, $page, $island, $device, $bucket, 1];
            }
        }

        return array_values($rows);
    }

    /** Whether $o has every one of $required keys, and no key but those and $optional. */
    private static function keys(\stdClass $o, array $required, array $optional = []): bool
    {
        $keys = array_keys(get_object_vars($o));

        return array_diff($required, $keys) === [] && array_diff($keys, $required, $optional) === [];
    }

    /** $value as a list of at most 50 entries; null when it is not one. */
    private static function listOf($value): ?array
    {
        return is_array($value) && count($value) <= self::MAX_LIST ? $value : null;
    }

    private static function text($value, string $pattern): bool
    {
        return is_string($value) && preg_match($pattern, $value) === 1;
    }

    private static function number($value, float $max): bool
    {
        return (is_int($value) || is_float($value)) && is_finite((float) $value) && $value >= 0 && $value <= $max;
    }
}
