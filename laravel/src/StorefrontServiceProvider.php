<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Contracts\Http\Kernel as HttpKernel;
use Illuminate\Support\Facades\Blade;
use Illuminate\Support\ServiceProvider;
use StorefrontWidgets\Laravel\Console\SsrCheckCommand;
use StorefrontWidgets\Laravel\Console\SsrCommand;
use StorefrontWidgets\Laravel\Http\FillHooks;

class StorefrontServiceProvider extends ServiceProvider
{
    public function register()
    {
        $this->mergeConfigFrom(__DIR__.'/../config/storefront.php', 'storefront');
        $this->app->singleton(RenderClient::class);
        $this->app->singleton(Storefront::class);
    }

    public function boot()
    {
        $this->loadViewsFrom(__DIR__.'/../resources/views', 'storefront');
        Blade::componentNamespace('StorefrontWidgets\\Laravel\\Components', 'storefront');
        Blade::directive('storefrontHead', function ($nonce) {
            return '<?php echo app(\\StorefrontWidgets\\Laravel\\Storefront::class)->head('.($nonce === '' ? '' : $nonce).'); ?>';
        });

        if ($this->app->bound(HttpKernel::class)) {
            $kernel = $this->app->make(HttpKernel::class);
            if (method_exists($kernel, 'pushMiddleware')) {
                $kernel->pushMiddleware(FillHooks::class);
            }
        }

        if ($this->app->runningInConsole()) {
            $this->publishes([__DIR__.'/../config/storefront.php' => $this->app->configPath('storefront.php')], 'storefront-config');
            $this->publishes([
                self::bundlePath($this->app) => public_path().'/'.trim((string) config('storefront.path', 'storefront'), '/'),
            ], 'storefront-assets');
            $this->commands([SsrCommand::class, SsrCheckCommand::class]);
        }
    }

    /** The built bundle: config('storefront.bundle'), else dist/ of the storefront-widgets checkout this package is in. */
    public static function bundlePath(Application $app): string
    {
        $configured = $app->make('config')->get('storefront.bundle');

        return rtrim($configured ?: dirname(__DIR__, 2).'/dist', '/');
    }

    /** The render service's script in that checkout. */
    public static function serviceScript(): string
    {
        return dirname(__DIR__, 2).'/scripts/ssr-server.mjs';
    }
}
