<?php

namespace StorefrontWidgets\Ssr;

/**
 * The plain-PHP receiver's store: field-data aggregates in one JSON file, each change under an exclusive
 * lock (flock) so that concurrent PHP workers add up; a series is a day (UTC) × metric × page × island ×
 * device, its buckets' counts. Bounded: at most MAX_SERIES series; a new one past that replaces the
 * oldest day's, or, when all are today's, is not kept (made-up page types or islands take no real
 * series' place). Beside it, $file.clients: the rate limiter's count per client, kept under a hash
 * (with a secret of the file) for the 60 s from the client's first beacon only.
 */
final class FieldFile
{
    public const MAX_SERIES = 20000;

    /** @var string */
    private $file;

    /** @var callable(): float */
    private $clock;

    /** @var int */
    private $maxSeries;

    public function __construct(string $file, ?callable $clock = null, int $maxSeries = self::MAX_SERIES)
    {
        $this->file = $file;
        $this->maxSeries = $maxSeries;
        $this->clock = $clock ?? function (): float {
            return microtime(true);
        };
    }

    /**
     * Adds a beacon's rows (FieldBeacon::read) to today's series. False when the file cannot be
     * written: the beacon is lost, said by the caller.
     */
    public function add(array $rows): bool
    {
        $day = gmdate('Y-m-d', (int) ($this->clock)());

        return $this->change($this->file, function (array $data) use ($rows, $day): array {
            $series = $data['series'] ?? [];
            foreach ($rows as [$metric, $page, $island, $device, $bucket, $n]) {
                $key = "$day|$metric|$page|$island|$device";
                if (!isset($series[$key]) && count($series) >= $this->maxSeries) {
                    ksort($series); // the oldest day first
                    if (strncmp((string) array_key_first($series), $day, 10) >= 0) {
                        continue; // all of today's: made-up page types or islands take none of its series' place
                    }
                    array_shift($series);
                }
                $series[$key][$bucket] = ($series[$key][$bucket] ?? 0) + $n;
            }

            return ['v' => 1, 'series' => $series];
        }) !== null;
    }

    /**
     * The rows from $from to $to (days, Y-m-d, both included): [metric, page, island, device, bucket, n].
     *
     * @return array<int, array{0: string, 1: string, 2: string, 3: string, 4: int, 5: int}>
     */
    public function rows(string $from, string $to): array
    {
        $json = '';
        $handle = is_file($this->file) ? @fopen($this->file, 'r') : false;
        if ($handle !== false) {
            flock($handle, LOCK_SH); // not halfway through a change
            $json = (string) stream_get_contents($handle);
            fclose($handle);
        }
        $data = $json === '' ? [] : json_decode($json, true);
        $rows = [];
        foreach (is_array($data) ? ($data['series'] ?? []) : [] as $key => $buckets) {
            $parts = explode('|', (string) $key);
            if (count($parts) !== 5 || $parts[0] < $from || $parts[0] > $to || !is_array($buckets)) {
                continue;
            }
            foreach ($buckets as $bucket => $n) {
                $rows[] = [$parts[1], $parts[2], $parts[3], $parts[4], (int) $bucket, (int) $n];
            }
        }

        return $rows;
    }

    /**
     * Whether this client may send one more beacon, $perMinute at most in the 60 s from its first
     * (counting it). The client is kept as a hash with the file's secret, and only for those 60 s.
     */
    public function allows(string $client, int $perMinute): bool
    {
        $now = ($this->clock)();
        $allowed = false;
        $this->change($this->file . '.clients', function (array $data) use ($client, $perMinute, $now, &$allowed): array {
            $windows = array_filter($data['windows'] ?? [], function ($w) use ($now): bool {
                return is_array($w) && $now - (float) $w[0] < 60;
            });
            // A new secret once no window is open: no hash outlives its minute.
            $secret = $windows !== [] && isset($data['secret']) ? $data['secret'] : bin2hex(random_bytes(16));
            $key = hash_hmac('sha256', $client, $secret);
            $window = $windows[$key] ?? [$now, 0];
            $allowed = $window[1] < $perMinute;
            $windows[$key] = [$window[0], $window[1] + ($allowed ? 1 : 0)];

            return ['secret' => $secret, 'windows' => $windows];
        });

        return $allowed;
    }

    /** Reads $file's JSON, changes it and writes it back, all under its lock; null when it cannot. */
    private function change(string $file, callable $change): ?array
    {
        $handle = @fopen($file, 'c+');
        if ($handle === false) {
            return null;
        }
        try {
            if (!flock($handle, LOCK_EX)) {
                return null;
            }
            $data = json_decode((string) stream_get_contents($handle), true);
            $data = $change(is_array($data) ? $data : []);
            $json = json_encode($data, JSON_UNESCAPED_SLASHES);
            if (!ftruncate($handle, 0) || !rewind($handle) || fwrite($handle, $json) !== strlen($json)) {
                return null;
            }
            fflush($handle);

            return $data;
        } finally {
            fclose($handle); // and unlocks
        }
    }
}
