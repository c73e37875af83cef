<?php

namespace StorefrontWidgets\Ssr;

/**
 * What field data says for a date range, from the stored rows of either store (the package's table, the
 * plain receiver's file): per metric × page × island, the count and p75 and p95 (FieldHistogram::quantile),
 * flagged when p75 misses its budget; per island, one line: what misses, or that all is good. Printed as
 * a table (artisan storefront:field-report, php storefront-field-data.php report; no control character of a
 * stored string reaches the terminal) or as HTML (FieldHtml).
 */
final class FieldReport
{
    /** @var array<string, array<int, int>> "metric|page|island" => bucket => count */
    public $series = [];

    /** @var string */
    public $from;

    /** @var string */
    public $to;

    /** @var string|null */
    public $device;

    /** @param iterable<array{0: string, 1: string, 2: string, 3: string, 4: int, 5: int}> $rows */
    public function __construct(iterable $rows, string $from, string $to, ?string $device = null)
    {
        [$this->from, $this->to, $this->device] = [$from, $to, $device];
        foreach ($rows as [$metric, $page, $island, $rowDevice, $bucket, $n]) {
            if ($device === null || $device === $rowDevice) {
                $key = "$metric|$page|$island";
                $this->series[$key][(int) $bucket] = ($this->series[$key][(int) $bucket] ?? 0) + (int) $n;
            }
        }
        // Metrics in the contract's order, then page and island.
        $order = array_flip(array_values(array_unique(array_merge(['LCP', 'INP', 'CLS', 'held'], FieldHistogram::MS, FieldHistogram::COUNTERS))));
        uksort($this->series, function (string $a, string $b) use ($order): int {
            [$ma, $ra] = explode('|', $a, 2);
            [$mb, $rb] = explode('|', $b, 2);

            return [$order[$ma] ?? 99, $ra] <=> [$order[$mb] ?? 99, $rb];
        });
    }

    /**
     * One row per series: metric, page, island, n, p75 and p95 (null for a counter), budget (null: none),
     * and whether p75 misses it.
     *
     * @return array<int, array{metric: string, page: string, island: string, n: int, p75: ?float, p95: ?float, budget: float|int|null, miss: bool}>
     */
    public function table(): array
    {
        $rows = [];
        foreach ($this->series as $key => $counts) {
            [$metric, $page, $island] = explode('|', $key, 3);
            $rows[] = self::summary($metric, $counts) + ['page' => $page, 'island' => $island];
        }

        return $rows;
    }

    /** @return array{metric: string, n: int, p75: ?float, p95: ?float, budget: float|int|null, miss: bool} */
    public static function summary(string $metric, array $counts): array
    {
        $counter = in_array($metric, FieldHistogram::COUNTERS, true);
        $p75 = $counter ? null : FieldHistogram::quantile($metric, $counts, 0.75);
        $budget = FieldHistogram::BUDGETS[$metric] ?? null;

        return [
            'metric' => $metric, 'n' => array_sum($counts), 'p75' => $p75,
            'p95' => $counter ? null : FieldHistogram::quantile($metric, $counts, 0.95),
            'budget' => $budget, 'miss' => $budget !== null && $p75 !== null && $p75 > $budget,
        ];
    }

    /**
     * One line per island, its pages taken together: the budgets its p75 misses, or "good" with them;
     * then its failures and fallbacks.
     *
     * @return array<string, string> island => line
     */
    public function verdicts(): array
    {
        $merged = [];
        foreach ($this->series as $key => $counts) {
            [$metric, , $island] = explode('|', $key, 3);
            foreach ($counts as $bucket => $n) {
                $merged[$island][$metric][$bucket] = ($merged[$island][$metric][$bucket] ?? 0) + $n;
            }
        }
        ksort($merged);
        $lines = [];
        foreach ($merged as $island => $metrics) {
            $misses = $met = $failures = [];
            $fallbacks = null;
            foreach ($metrics as $metric => $counts) {
                $s = self::summary($metric, $counts);
                if ($s['budget'] !== null) {
                    $said = "$metric p75 " . FieldHistogram::show($metric, (float) $s['p75']) . ($s['miss'] ? ' > ' : ' ≤ ')
                        . FieldHistogram::show($metric, (float) $s['budget']) . " (n={$s['n']})";
                    if ($s['miss']) {
                        $misses[] = $said;
                    } else {
                        $met[] = $said;
                    }
                } elseif ($metric === 'fallback') {
                    $fallbacks = "{$s['n']} fallback" . ($s['n'] === 1 ? '' : 's');
                } elseif (in_array($metric, FieldHistogram::COUNTERS, true)) {
                    $failures[] = "{$s['n']} " . substr($metric, strlen('failure.'));
                }
            }
            $line = $misses !== [] ? 'MISSES ' . implode(', ', $misses) : ($met !== [] ? 'good: ' . implode(', ', $met) : 'no budgeted metric measured');
            $lines[$island] = $line . ($failures === [] ? '' : '; failures: ' . implode(', ', $failures)) . ($fallbacks === null ? '' : "; $fallbacks");
        }

        return $lines;
    }

    /** The report as text: a heading, the table, the verdicts. */
    public function text(): string
    {
        $head = ['metric', 'page', 'island', 'n', 'p75', 'p95', 'budget', ''];
        $lines = [$head];
        foreach ($this->table() as $r) {
            $show = function (?float $v) use ($r): string {
                return $v === null ? '-' : FieldHistogram::show($r['metric'], $v);
            };
            $lines[] = [self::plain($r['metric']), self::plain($r['page']), self::plain($r['island']), (string) $r['n'], $show($r['p75']), $show($r['p95']),
                $r['budget'] === null ? '' : '≤ ' . $show((float) $r['budget']), $r['budget'] === null ? '' : ($r['miss'] ? 'MISS' : 'ok')];
        }
        $widths = [];
        foreach ($lines as $line) {
            foreach ($line as $i => $cell) {
                $widths[$i] = max($widths[$i] ?? 0, self::width($cell));
            }
        }
        $out = 'Field data ' . $this->title() . "\n\n";
        foreach ($lines as $line) {
            $cells = [];
            foreach ($line as $i => $cell) {
                $pad = str_repeat(' ', $widths[$i] - self::width($cell));
                $cells[] = in_array($i, [3, 4, 5], true) ? $pad . $cell : $cell . $pad;
            }
            $out .= rtrim(implode('  ', $cells)) . "\n";
        }
        if ($this->series === []) {
            $out .= "(no field data in this range)\n";
        }
        $out .= "\nVerdict per island (p75 against the budgets: LCP ≤ 2.5 s, INP ≤ 200 ms, CLS ≤ 0.1, held input ≤ 100 ms):\n";
        foreach ($this->verdicts() as $island => $line) {
            $out .= self::plain("$island: $line") . "\n";
        }

        return $out;
    }

    /**
     * The date range of --from and --to (Y-m-d, UTC; default: the 7 days to $now's), or the line refusing one.
     *
     * @return array{0: string, 1: string, 2: ?string} from, to, the refusal (null: none)
     */
    public static function range(?string $from, ?string $to, int $now): array
    {
        $to = $to ?? gmdate('Y-m-d', $now);
        $from = $from ?? gmdate('Y-m-d', (int) strtotime("$to -6 days UTC"));
        foreach (['--from' => $from, '--to' => $to] as $name => $day) {
            if (!preg_match('/\A(\d{4})-(\d{2})-(\d{2})\z/', $day, $m) || !checkdate((int) $m[2], (int) $m[3], (int) $m[1])) {
                return [$from, $to, "$name is not a date such as 2026-11-28"];
            }
        }

        return [$from, $to, $from > $to ? '--from is after --to' : null];
    }

    /** "from 2026-11-01 to 2026-11-28 (UTC), all devices" */
    public function title(): string
    {
        return "from {$this->from} to {$this->to} (UTC), " . ($this->device === null ? 'all devices' : $this->device);
    }

    /** A stored string for a terminal: each control character (where an escape sequence starts) a "?". */
    private static function plain(string $text): string
    {
        return preg_replace('/\p{Cc}/u', '?', $text) ?? (string) preg_replace('/[\x00-\x1F\x7F]/', '?', $text);
    }

    private static function width(string $text): int
    {
        return (int) preg_match_all('/./us', $text);
    }
}
