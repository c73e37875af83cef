<?php

namespace StorefrontWidgets\Laravel;

use Closure;
use Illuminate\Contracts\Support\Arrayable;
use Illuminate\Support\HtmlString;
use JsonSerializable;
use StorefrontWidgets\Ssr\Hooks;
use StorefrontWidgets\Ssr\Manifest;

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
    public const ENTRY = Manifest::ENTRY;

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
        if ($inner === null) {
            $inner = (string) $this->page()->add($widget, $props);
        }

        return new HtmlString(Hooks::element($widget, $props, $tag, $attributes, $inner));
    }

    /** Puts the server HTML into every hook placeholder of $html (one render request), '' where there is none or $render is false (or server rendering is off). */
    public function fill(string $html, bool $render = true): string
    {
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
        return Hooks::json($value);
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
