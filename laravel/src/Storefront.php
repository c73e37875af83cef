<?php

namespace StorefrontWidgets\Laravel;

use Closure;
use Illuminate\Contracts\Support\Arrayable;
use Illuminate\Support\HtmlString;
use JsonSerializable;

/**
 * The storefront API (the Storefront facade): the page config, the head tags
 * and the hooks.
 *
 * Hooks print a placeholder while the views render; when the response is
 * ready, FillHooks sends every hook of the page to the render service in one
 * request and puts each hook's HTML in place of its placeholder. This object
 * holds only what the app declares once (the config callback); what belongs
 * to one request is in Page, a scoped binding. It reads the container of the
 * moment (app()), never one kept from boot, as Octane needs.
 */
class Storefront
{
    /** The bundle's entry in its manifest. */
    public const ENTRY = 'widgets/storefront.ts';

    /** @var Closure|null fn (Request $request): array */
    private $configResolver;

    /**
     * Declares the page config (the #storefront-config block), once, in a service provider.
     * The callback runs once per request, the first time the head or a hook needs it.
     */
    public function config(callable $resolver): void
    {
        $this->configResolver = Closure::fromCallable($resolver);
    }

    /** This request's page config: an object when it is empty (JSON {}). */
    public function pageConfig()
    {
        return $this->page()->config(function () {
            $request = app()->bound('request') ? app('request') : null;

            return self::plain($this->configResolver ? ($this->configResolver)($request) : []) ?: (object) [];
        });
    }

    /** The head tags: CSRF meta, config block, CSS, module preloads, entry script. */
    public function head(?string $nonce = null): HtmlString
    {
        return new HtmlString((new HeadTags(app(), $this))->render($nonce ?? $this->cspNonce()));
    }

    /**
     * One hook. Without $inner (the server's own markup, e.g. the header's), its
     * inner HTML comes from the render service once the page is rendered.
     */
    public function hook(string $widget, $props = null, string $tag = 'div', string $attributes = '', ?string $inner = null): HtmlString
    {
        $props = self::plain($props);
        $open = '<'.$tag.' data-widget="'.e($widget).'"';
        if ($props !== null && $props !== []) {
            // Single quotes need no escaping: the JSON has every ', &, < and > inside strings as \u escapes.
            $open .= " data-props='".self::json($props)."'";
        }
        $open .= ($attributes === '' ? '' : ' '.$attributes).'>';
        if ($inner === null) {
            $inner = (string) $this->page()->add($widget, $props === [] ? null : $props);
        }

        return new HtmlString($open.$inner.'</'.$tag.'>');
    }

    /** Puts the server HTML into every hook placeholder of $html (one render request), '' where there is none or $render is false. */
    public function fill(string $html, bool $render = true): string
    {
        $render = $render && app('config')->get('storefront.ssr.enabled');

        return $this->page()->fill($html, $render ? function (array $hooks) {
            return app(RenderClient::class)->render($hooks, $this->pageConfig(), $this->page()->renderVersion());
        } : null);
    }

    /** This request's page: its config, its hooks. */
    public function page(): Page
    {
        return app(Page::class);
    }

    /** The nonce of the app's Content-Security-Policy, as Laravel's Vite has it (9.19+). */
    public function cspNonce(): ?string
    {
        $vite = 'Illuminate\Foundation\Vite';
        if (class_exists($vite) && method_exists($vite, 'cspNonce')) {
            return app($vite)->cspNonce();
        }

        return null;
    }

    /** JSON that can sit in a <script> block or an attribute: <, >, &, ' and " inside strings are \u escapes. */
    public static function json($value): string
    {
        return json_encode($value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_PARTIAL_OUTPUT_ON_ERROR);
    }

    /** Arrays, Arrayable, JsonSerializable (Eloquent models and collections too) as plain arrays and scalars. */
    public static function plain($value)
    {
        if ($value instanceof JsonSerializable) {
            $value = $value->jsonSerialize();
        } elseif ($value instanceof Arrayable) {
            $value = $value->toArray();
        }
        if (is_array($value)) {
            return array_map([self::class, 'plain'], $value);
        }
        if (is_object($value) && ! $value instanceof \stdClass) {
            return get_object_vars($value);
        }

        return $value;
    }
}
