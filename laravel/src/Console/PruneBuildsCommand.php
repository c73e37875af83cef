<?php

namespace StorefrontWidgets\Laravel\Console;

use Illuminate\Console\Command;
use StorefrontWidgets\Laravel\StorefrontServiceProvider;

/** Removes the published builds a newer one replaced more than --keep-hours ago (the newest always stays). */
class PruneBuildsCommand extends Command
{
    protected $signature = 'storefront:prune-builds {--keep-hours= : hours a replaced build stays (config storefront.keep_hours)}';

    protected $description = 'Remove the storefront builds that no open page needs any more';

    public function handle()
    {
        $hours = $this->option('keep-hours') ?? config('storefront.keep_hours');
        if (! is_numeric($hours) || $hours < 0) {
            $this->error("--keep-hours must be a number of hours (0 or more), not {$hours}.");

            return 1;
        }
        $result = StorefrontServiceProvider::builds()->prune((float) $hours, now()->getTimestamp());
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
