<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Foundation\CachesRoutes;
use Illuminate\Contracts\Http\Kernel as HttpKernel;
use Illuminate\Support\Facades\Blade;
use Illuminate\Support\Facades\Http;
use Illuminate\Support\ServiceProvider;
use InvalidArgumentException;
use Illuminate\Support\Facades\Log;
use StorefrontWidgets\Laravel\Console\FieldReportCommand;
use StorefrontWidgets\Laravel\Console\PruneBuildsCommand;
use StorefrontWidgets\Laravel\Console\PublishCommand;
use StorefrontWidgets\Laravel\Console\SsrCheckCommand;
use StorefrontWidgets\Laravel\Console\SsrCommand;
use StorefrontWidgets\Laravel\FieldData\Receiver;
use StorefrontWidgets\Laravel\FieldData\Store;
use StorefrontWidgets\Laravel\Http\FillHooks;
use StorefrontWidgets\Ssr\LogThrottle;
use StorefrontWidgets\Ssr\Options;

class StorefrontServiceProvider extends ServiceProvider
{
    /** The config keys of field data: [key, its environment variable]. */
    public const FIELD_DATA = [
        'enabled' => ['storefront.field_data.enabled', 'STOREFRONT_FIELD_DATA'],
        'path' => ['storefront.field_data.path', 'STOREFRONT_FIELD_DATA_PATH'],
        'per_minute' => ['storefront.field_data.per_minute', 'STOREFRONT_FIELD_DATA_PER_MINUTE'],
    ];

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
        $this->app->bind(Store::class, function ($app) {
            return new Store($app['db']->connection());
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

        $this->fieldData();

        if ($this->app->runningInConsole()) {
            $this->publishes([__DIR__.'/../config/storefront.php' => $this->app->configPath('storefront.php')], 'storefront-config');
            $this->commands([PublishCommand::class, PruneBuildsCommand::class, SsrCommand::class, SsrCheckCommand::class, FieldReportCommand::class]);
        }
    }

    /**
     * Field data's receiving route and its table's migration, when storefront.field_data.enabled is on and
     * every key of it is good; a value refused leaves it off, said in one warning line (a minute apart at most).
     */
    private function fieldData(): void
    {
        $values = $problems = [];
        foreach (self::FIELD_DATA as $name => [$key, $variable]) {
            $value = $this->app['config']->get($key);
            [$ok, $values[$name]] = Options::parse($name, $value);
            if (! $ok) {
                $problems[] = Options::refusal("{$key} ({$variable})", $value, $name);
            }
        }
        if ($problems !== []) {
            if (LogThrottle::first(RenderClient::logFile('field-data'))) {
                Log::warning('Storefront field data is off: '.implode('; ', $problems));
            }

            return;
        }
        if (! $values['enabled']) {
            return;
        }
        $this->loadMigrationsFrom(__DIR__.'/../database/migrations');
        if (! ($this->app instanceof CachesRoutes && $this->app->routesAreCached())) {
            // No middleware group: no session, no cookie, no CSRF token (the beacon, a keepalive POST without cookies, has none to send).
            $this->app['router']->post($values['path'], Receiver::class)->name('storefront.field-data');
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
