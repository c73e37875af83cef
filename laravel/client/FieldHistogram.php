<?php

namespace StorefrontWidgets\Ssr;

/**
 * The fixed buckets of field data (docs/laravel.md, "Field data"): every receiver counts a value in the
 * same bucket, so histograms add up across days, devices and pages. A bucket holds the values above the
 * previous edge up to its own. Millisecond metrics: log-spaced edges, ten a decade from 10 ms (10, 12,
 * 15, 20, 25, 30, 40, 50, 60, 80), fine below 10 ms, up to 600000 ms; CLS its own edges up to 100.
 * Every budget (2500, 200, 100 ms, CLS 0.1) is an edge: whether p75 meets it is exact, not interpolated.
 */
final class FieldHistogram
{
    /** The budgets reports show: the web's "good" for LCP, INP and CLS, ours for a held input. */
    public const BUDGETS = ['LCP' => 2500, 'INP' => 200, 'CLS' => 0.1, 'held' => 100];

    /** Metrics that count events, one bucket (0). */
    public const COUNTERS = ['failure.chunk', 'failure.reload', 'failure.crash', 'failure.mismatch', 'failure.csp', 'fallback'];

    /** Metrics measured in milliseconds. */
    public const MS = ['LCP', 'INP', 'INP.inputDelay', 'INP.processing', 'INP.presentation', 'INP.scriptOurs', 'INP.scriptShop', 'held', 'wake', 'hydrate'];

    private const CLS_EDGES = [0, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 25, 100];

    /** @var float[]|null */
    private static $ms;

    /** @return float[] the upper edge of each bucket of $metric, ascending ([0] for a counter) */
    public static function edges(string $metric): array
    {
        if ($metric === 'CLS') {
            return self::CLS_EDGES;
        }
        if (!in_array($metric, self::MS, true)) {
            return [0];
        }
        if (self::$ms === null) {
            self::$ms = [0, 1, 2, 3, 4, 5, 6, 8];
            for ($decade = 10; $decade <= 100000; $decade *= 10) {
                foreach ([1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] as $step) {
                    if ($decade * $step <= 600000) {
                        self::$ms[] = (int) round($decade * $step);
                    }
                }
            }
        }

        return self::$ms;
    }

    /** The bucket of $value (0 or more, at most the last edge: the beacon's checks saw to it). */
    public static function bucket(string $metric, float $value): int
    {
        $edges = self::edges($metric);
        $low = 0;
        $high = count($edges) - 1;
        while ($low < $high) { // the first edge >= $value
            $mid = intdiv($low + $high, 2);
            if ($edges[$mid] >= $value) {
                $high = $mid;
            } else {
                $low = $mid + 1;
            }
        }

        return $low;
    }

    /**
     * The $q quantile (0.75: p75) of a histogram (bucket => count): the bucket where the rank q × n
     * falls, interpolated linearly between its two edges by the rank's place among the bucket's
     * values (as if they were spread evenly in it). Null without values.
     *
     * @param array<int, int> $counts
     */
    public static function quantile(string $metric, array $counts, float $q): ?float
    {
        $total = array_sum($counts);
        if ($total <= 0) {
            return null;
        }
        ksort($counts);
        $edges = self::edges($metric);
        $rank = $q * $total;
        $below = 0;
        foreach ($counts as $bucket => $n) {
            if ($n > 0 && $below + $n >= $rank) {
                $low = $bucket === 0 ? 0.0 : (float) $edges[$bucket - 1];

                return $low + ((float) $edges[$bucket] - $low) * max(0.0, $rank - $below) / $n;
            }
            $below += $n;
        }

        return (float) $edges[(int) array_key_last($counts)];
    }

    /** A value as a report shows it: "240 ms", "1.83 s", "2.5 s", CLS "0.042". */
    public static function show(string $metric, float $value): string
    {
        $trim = function (float $v, int $decimals): string {
            return rtrim(rtrim(number_format($v, $decimals, '.', ''), '0'), '.');
        };
        if ($metric === 'CLS') {
            return $trim($value, 3);
        }

        return $value >= 1000 ? $trim($value / 1000, 2) . ' s' : round($value) . ' ms';
    }
}
