<?php

namespace StorefrontWidgets\Laravel\Console;

use Illuminate\Console\Command;
use Symfony\Component\Console\Output\OutputInterface;
use StorefrontWidgets\Laravel\FieldData\Store;
use StorefrontWidgets\Ssr\FieldHtml;
use StorefrontWidgets\Ssr\FieldReport;

/** Field data for a date range: p75/p95 and counts per metric × page × island, budgets flagged, a verdict per island. */
class FieldReportCommand extends Command
{
    protected $signature = 'storefront:field-report
        {--from= : first day, Y-m-d UTC (default: 6 days before --to)}
        {--to= : last day, Y-m-d UTC (default: today)}
        {--device= : mobile or desktop (default: both)}
        {--html= : also write the report as one self-contained HTML page to this file}';

    protected $description = 'Print what the shoppers\' field data says, island by island';

    public function handle(Store $store)
    {
        [$from, $to, $refused] = FieldReport::range($this->option('from'), $this->option('to'), now()->getTimestamp());
        $device = $this->option('device');
        if ($refused === null && ! in_array($device, [null, 'mobile', 'desktop'], true)) {
            $refused = '--device is not mobile or desktop';
        }
        if ($refused !== null) {
            $this->error($refused.': no report.');

            return 2;
        }
        $report = new FieldReport($store->rows($from, $to), $from, $to, $device);
        $this->output->write($report->text(), false, OutputInterface::OUTPUT_RAW); // stored text, no style tag read in it
        $html = $this->option('html');
        if ($html !== null) {
            if (@file_put_contents($html, FieldHtml::page($report)) === false) {
                $this->error("Cannot write {$html}.");

                return 1;
            }
            $this->info("HTML report: {$html}");
        }

        return 0;
    }
}
