<?php

namespace StorefrontWidgets\Laravel\Console;

use Illuminate\Console\Command;
use StorefrontWidgets\Laravel\StorefrontServiceProvider;
use Throwable;

/** Publishes the package's build into public/storefront/<build>/, beside the builds published before it. */
class PublishCommand extends Command
{
    protected $signature = 'storefront:publish';

    protected $description = 'Publish the storefront bundle into public/, keeping the builds open pages still use';

    public function handle()
    {
        $dir = 'public/'.trim((string) config('storefront.path'), '/');
        try {
            $published = StorefrontServiceProvider::builds()->publish(now()->getTimestamp());
        } catch (Throwable $e) {
            $this->error($e->getMessage());

            return 1;
        }
        $this->info($published['copied']
            ? "Published build {$published['id']} into {$dir}/{$published['id']}."
            : "Build {$published['id']} is already in {$dir}: it is the newest again.");

        return 0;
    }
}
