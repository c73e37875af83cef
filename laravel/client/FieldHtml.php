<?php

namespace StorefrontWidgets\Ssr;

/**
 * The field report as one self-contained HTML page (no script, no CDN, no external file): the verdict
 * per island, then for each metric an inline SVG with one histogram per island (its pages together; a
 * column per bucket, so the value axis is log-spaced as the buckets are), its p75 marked and the budget
 * drawn as a red line; then the table of FieldReport. Every stored string goes out through htmlspecialchars.
 */
final class FieldHtml
{
    private const LEFT = 170;

    private const PLOT = 560;

    private const ROW = 46;

    public static function page(FieldReport $report): string
    {
        $h = [self::class, 'e'];
        $title = 'Storefront field data ' . $report->title();
        $out = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{$h($title)}</title>\n<style>"
            . 'body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:780px;color:#1d2430;padding:0 12px}'
            . 'h1{font-size:22px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;font-size:13px}'
            . 'td,th{padding:3px 8px;border-bottom:1px solid #dde}th{text-align:left}td.n{text-align:right}'
            . '.miss{color:#b3261e;font-weight:600}.ok{color:#1b6e3a}.none{color:#555}svg{display:block;max-width:100%;height:auto}li{margin:2px 0}'
            . "</style></head><body>\n<h1>{$h($title)}</h1>\n";
        $out .= '<p>p75 against the budgets: LCP ≤ 2.5 s, INP ≤ 200 ms, CLS ≤ 0.1 (the web\'s “good”), a held input answered ≤ 100 ms (ours).</p>';
        $out .= "\n<h2>Verdict per island</h2>\n<ul>";
        foreach ($report->verdicts() as $island => $line) {
            // Nothing budgeted measured is neither good nor bad: muted.
            $class = strncmp($line, 'MISSES', 6) === 0 ? 'miss' : (strncmp($line, 'good', 4) === 0 ? 'ok' : 'none');
            $out .= "<li><strong>{$h($island)}</strong>: <span class=\"$class\">{$h($line)}</span></li>";
        }
        $out .= $report->series === [] ? '<li>No field data in this range.</li>' : '';
        $out .= "</ul>\n";
        $islands = [];
        foreach ($report->series as $key => $counts) {
            [$metric, , $island] = explode('|', $key, 3);
            foreach ($counts as $bucket => $n) {
                $islands[$metric][$island][$bucket] = ($islands[$metric][$island][$bucket] ?? 0) + $n;
            }
        }
        foreach ($islands as $metric => $byIsland) {
            if (!in_array($metric, FieldHistogram::COUNTERS, true)) {
                $out .= "<h2>{$h($metric)}</h2>\n" . self::chart((string) $metric, $byIsland) . "\n";
            }
        }
        $out .= "<h2>Every metric by page and island</h2>\n<table><tr><th>metric</th><th>page</th><th>island</th><th>n</th><th>p75</th><th>p95</th><th>budget</th></tr>";
        foreach ($report->table() as $r) {
            $show = function (?float $v) use ($r): string {
                return $v === null ? '' : FieldHistogram::show($r['metric'], $v);
            };
            $flag = $r['budget'] === null ? '' : ($r['miss'] ? '<span class="miss">misses</span> ' : '<span class="ok">meets</span> ');
            $out .= "<tr><td>{$h($r['metric'])}</td><td>{$h($r['page'])}</td><td>{$h($r['island'])}</td><td class=\"n\">{$r['n']}</td>"
                . "<td class=\"n\">{$h($show($r['p75']))}</td><td class=\"n\">{$h($show($r['p95']))}</td>"
                . '<td>' . $flag . ($r['budget'] === null ? '' : '≤ ' . $h($show((float) $r['budget']))) . '</td></tr>';
        }

        return $out . "</table>\n</body></html>\n";
    }

    /** One SVG: a histogram row per island over the buckets any island has, widened to the budget's. */
    private static function chart(string $metric, array $byIsland): string
    {
        ksort($byIsland);
        $edges = FieldHistogram::edges($metric);
        $budget = FieldHistogram::BUDGETS[$metric] ?? null;
        $used = [];
        foreach ($byIsland as $counts) {
            $used = array_merge($used, array_keys(array_filter($counts)));
        }
        $budgetBucket = $budget === null ? null : FieldHistogram::bucket($metric, (float) $budget);
        $lo = max(0, min(array_merge($used, $budgetBucket === null ? [] : [$budgetBucket])) - 1);
        $hi = min(count($edges) - 1, max(array_merge($used, $budgetBucket === null ? [] : [$budgetBucket + 1])));
        while ($hi - $lo < 11 && ($lo > 0 || $hi < count($edges) - 1)) { // 12 columns at least: the shape around the values shows
            if ($hi < count($edges) - 1) {
                $hi++;
            }
            if ($lo > 0 && $hi - $lo < 11) {
                $lo--;
            }
        }
        $w = self::PLOT / ($hi - $lo + 1);
        $x = function (float $columns) use ($w): string {
            return number_format(self::LEFT + $columns * $w, 1, '.', '');
        };
        $height = count($byIsland) * self::ROW + 36;
        $label = "$metric per island" . ($budget === null ? '' : ', budget ' . FieldHistogram::show($metric, (float) $budget));
        $svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' . (self::LEFT + self::PLOT + 40) . " $height\" role=\"img\" aria-label=\"" . self::e($label) . '">'
            . '<title>' . self::e($label) . '</title><g font-size="12" fill="#1d2430">';
        $top = 18;
        foreach ($byIsland as $island => $counts) {
            $max = max($counts) ?: 1;
            $s = FieldReport::summary($metric, $counts);
            $svg .= '<text x="0" y="' . ($top + 16) . '" font-weight="600">' . self::e((string) $island) . '</text>'
                . '<text x="0" y="' . ($top + 32) . '" fill="' . ($s['miss'] ? '#b3261e' : '#555') . '">'
                . self::e("n={$s['n']} · p75 " . FieldHistogram::show($metric, (float) $s['p75'])) . '</text>'
                . '<line x1="' . self::LEFT . '" x2="' . (self::LEFT + self::PLOT) . '" y1="' . ($top + 38) . '" y2="' . ($top + 38) . '" stroke="#ccd"/>';
            foreach ($counts as $bucket => $n) {
                $bar = round(34 * $n / $max, 1);
                $over = $budget !== null && $bucket > $budgetBucket;
                $svg .= '<rect x="' . $x($bucket - $lo) . '" y="' . ($top + 38 - $bar) . '" width="' . number_format(max(1, $w - 1), 1, '.', '')
                    . "\" height=\"$bar\" fill=\"" . ($over ? '#e8846b' : '#4a8fb8') . '"/>';
            }
            $p75 = (float) $s['p75'];
            $bucket = FieldHistogram::bucket($metric, $p75);
            $low = $bucket === 0 ? 0.0 : (float) $edges[$bucket - 1];
            $at = $bucket - $lo + ($edges[$bucket] > $low ? ($p75 - $low) / ($edges[$bucket] - $low) : 1);
            $svg .= '<path d="M' . $x($at) . ' ' . ($top + 38) . 'l-4 7h8z" fill="#1d2430"><title>p75</title></path>';
            $top += self::ROW;
        }
        if ($budgetBucket !== null) {
            $bx = $x($budgetBucket - $lo + 1);
            $svg .= "<line x1=\"$bx\" x2=\"$bx\" y1=\"16\" y2=\"" . ($top + 2) . '" stroke="#b3261e" stroke-width="2" stroke-dasharray="5 3"/>'
                . "<text x=\"$bx\" y=\"12\" fill=\"#b3261e\" text-anchor=\"middle\">budget " . self::e(FieldHistogram::show($metric, (float) $budget)) . '</text>';
        }
        $step = max(1, (int) ceil(($hi - $lo + 1) / 7));
        for ($b = $lo; $b <= $hi; $b += $step) {
            $svg .= '<text x="' . $x($b - $lo + 1) . '" y="' . ($top + 12) . '" text-anchor="middle" fill="#555">' . self::e(self::tick($metric, (float) $edges[$b])) . '</text>';
        }

        return $svg . '</g></svg>';
    }

    /** An edge as the axis shows it: "250", "2.5 s", CLS "0.1". */
    private static function tick(string $metric, float $edge): string
    {
        if ($metric === 'CLS') {
            return (string) $edge;
        }

        return $edge >= 1000 ? ($edge / 1000) . ' s' : $edge . ' ms';
    }

    /** Text for HTML, attributes included. */
    public static function e(string $text): string
    {
        return htmlspecialchars($text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8');
    }
}
