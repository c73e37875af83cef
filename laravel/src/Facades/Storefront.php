<?php

namespace StorefrontWidgets\Laravel\Facades;

use Illuminate\Support\Facades\Facade;

/**
 * @method static void config(callable $resolver) the page config, fn (\Illuminate\Http\Request $request): array
 * @method static array|object pageConfig()
 * @method static \Illuminate\Support\HtmlString head(?string $nonce = null)
 * @method static \Illuminate\Support\HtmlString hook(string $widget, mixed $props = null, string $tag = 'div', string $attributes = '', ?string $inner = null)
 * @method static string fill(string $html, bool $render = true)
 * @method static \StorefrontWidgets\Laravel\Page page()
 *
 * @see \StorefrontWidgets\Laravel\Storefront
 */
class Storefront extends Facade
{
    protected static function getFacadeAccessor()
    {
        return \StorefrontWidgets\Laravel\Storefront::class;
    }
}
