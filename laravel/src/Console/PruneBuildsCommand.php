<?php

namespace StorefrontWidgets\Laravel\Console;

use Illuminate\Console\Command;
use StorefrontWidgets\Laravel\StorefrontServiceProvider;
use StorefrontWidgets\Ssr\Options;

/** Removes the published builds a newer one replaced more than --keep-hours ago (the newest always stays). */
class PruneBuildsCommand extends Command
{
    protected $signature = 'storefront:prune-builds {--keep-hours= : hours a replaced build stays (config storefront.keep_hours)}';

    protected $description = 'Remove the storefront builds that no open page needs any more';

    public function handle()
    {
        $given = $this->option('keep-hours');
        [$label, $value] = $given !== null ? ['--keep-hours', $given] : ['storefront.keep_hours (STOREFRONT_KEEP_HOURS)', config('storefront.keep_hours')];
        [$ok, $hours] = Options::parse('keep_hours', $value);
        if (! $ok) {
            $this->error(Options::refusal($label, $value, 'keep_hours').': nothing was removed.');

            return 1;
        }
        $result = StorefrontServiceProvider::builds()->prune($hours, now()->getTimestamp());
        $this->info(sprintf(
            'Removed %d build%s%s; kept %s (builds replaced less than %s hours ago, and the newest).',
            count($result['removed']),
            count($result['removed']) === 1 ? '' : 's',
            $result['removed'] === [] ? '' : ' ('.implode(', ', $result['removed']).')',
            $result['kept'] === [] ? 'none' : implode(', ', $result['kept']),
            $hours + 0
        ));

        return 0;
    }
}
