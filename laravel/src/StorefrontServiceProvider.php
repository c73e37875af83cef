<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Http\Kernel as HttpKernel;
use Illuminate\Support\Facades\Blade;
use Illuminate\Support\Facades\Http;
use Illuminate\Support\ServiceProvider;
use InvalidArgumentException;
use StorefrontWidgets\Laravel\Console\PruneBuildsCommand;
use StorefrontWidgets\Laravel\Console\PublishCommand;
use StorefrontWidgets\Laravel\Console\SsrCheckCommand;
use StorefrontWidgets\Laravel\Console\SsrCommand;
use StorefrontWidgets\Laravel\Http\FillHooks;

class StorefrontServiceProvider extends ServiceProvider
{
    public function register()
    {
        $this->mergeConfigFrom(__DIR__.'/../config/storefront.php', 'storefront');
        // What the app declares once (the config callback) lives as long as the app; one request's state for that request.
        $this->app->singleton(Storefront::class);
        $this->app->scoped(Page::class);
        // The Http facade's factory, which Http::fake() fakes on every Laravel version (8 keeps it out of the container).
        $this->app->bind(RenderClient::class, function ($app) {
            return new RenderClient(Http::getFacadeRoot(), $app['config']);
        });
    }

    public function boot()
    {
        $this->loadViewsFrom(__DIR__.'/../resources/views', 'storefront');
        Blade::componentNamespace('StorefrontWidgets\\Laravel\\Components', 'storefront');

        $group = $this->app['config']->get('storefront.middleware_group');
        if ($group) {
            // Through the HTTP kernel when it has the group: it writes its groups over the router's when it is made.
            $kernel = $this->app->bound(HttpKernel::class) ? $this->app->make(HttpKernel::class) : null;
            try {
                if (! method_exists($kernel, 'appendMiddlewareToGroup')) {
                    throw new InvalidArgumentException('no kernel groups');
                }
                $kernel->appendMiddlewareToGroup($group, FillHooks::class);
            } catch (InvalidArgumentException $e) {
                $this->app['router']->pushMiddlewareToGroup($group, FillHooks::class);
            }
        }

        if ($this->app->runningInConsole()) {
            $this->publishes([__DIR__.'/../config/storefront.php' => $this->app->configPath('storefront.php')], 'storefront-config');
            $this->commands([PublishCommand::class, PruneBuildsCommand::class, SsrCommand::class, SsrCheckCommand::class]);
        }
    }

    /** A path in the package's dist/, which `npm run build` writes (the defaults in config/storefront.php). */
    public static function dist(string $path): string
    {
        return dirname(__DIR__).'/dist/'.$path;
    }

    /** The published builds' folder, public/storefront. */
    public static function builds(): Builds
    {
        return new Builds((string) config('storefront.bundle'), public_path(trim((string) config('storefront.path'), '/')));
    }
}
