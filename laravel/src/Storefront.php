<?php

namespace StorefrontWidgets\Laravel;

use Closure;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Contracts\Support\Arrayable;
use Illuminate\Http\Request;
use Illuminate\Support\HtmlString;
use JsonSerializable;

/**
 * The storefront on one page: its config block, its head tags and its hooks.
 *
 * Hooks print a placeholder while the views render; when the response is
 * ready, FillHooks sends every hook of the page to the render service in one
 * request and puts each hook's HTML in place of its placeholder.
 */
class Storefront
{
    /** The bundle's entry in its manifest. */
    public const ENTRY = 'widgets/storefront.ts';

    /** @var Application */
    private $app;

    /** @var RenderClient */
    private $client;

    /** @var Closure|null fn (Request $request): array */
    private $configResolver;

    /** @var Request|null the request the config below was resolved for */
    private $configRequest;

    /** @var array|object|null */
    private $resolvedConfig;

    /** @var array<int, array{widget: string, props: mixed}> the hooks waiting for their HTML */
    private $hooks = [];

    /** @var string makes this request's placeholders impossible to guess from page content */
    private $token;

    public function __construct(Application $app, RenderClient $client)
    {
        $this->app = $app;
        $this->client = $client;
        $this->token = bin2hex(random_bytes(8));
    }

    /**
     * Declares the page config (the #storefront-config block), once, in a service provider.
     * The callback runs once per request, the first time the head or a hook needs it.
     */
    public function config(callable $resolver): void
    {
        $this->configResolver = Closure::fromCallable($resolver);
        $this->configRequest = null;
    }

    /** This request's page config: an object when it is empty (JSON {}). */
    public function pageConfig()
    {
        $request = $this->app->bound('request') ? $this->app->make('request') : null;
        if ($this->configRequest === null || $this->configRequest !== $request) {
            $config = $this->configResolver ? ($this->configResolver)($request) : [];
            $this->resolvedConfig = self::plain($config) ?: (object) [];
            $this->configRequest = $request;
        }

        return $this->resolvedConfig;
    }

    /** The head tags: CSRF meta, config block, CSS, module preloads, entry script. */
    public function head(?string $nonce = null): HtmlString
    {
        return new HtmlString((new HeadTags($this->app, $this))->render($nonce ?? $this->cspNonce()));
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
            $this->hooks[] = ['widget' => $widget, 'props' => $props === [] ? null : $props];
            $inner = $this->placeholder(count($this->hooks) - 1);
        }

        return new HtmlString($open.$inner.'</'.$tag.'>');
    }

    /** Puts the server HTML into every hook placeholder of $html (one render request), '' where there is none or $render is false. */
    public function fill(string $html, bool $render = true): string
    {
        $pattern = '/'.preg_quote('<!--storefront-hook:'.$this->token.':', '/').'(\d+)-->/';
        if ($this->hooks === [] || ! preg_match_all($pattern, $html, $matches)) {
            return $html;
        }
        $indexes = array_values(array_unique(array_map('intval', $matches[1])));
        $indexes = array_values(array_filter($indexes, function ($i) {
            return isset($this->hooks[$i]);
        }));
        $rendered = [];
        if ($render && $indexes !== [] && $this->app->make('config')->get('storefront.ssr.enabled', true)) {
            $hooks = array_map(function ($i) {
                return $this->hooks[$i];
            }, $indexes);
            foreach ($this->client->render($hooks, $this->pageConfig()) as $n => $hookHtml) {
                $rendered[$indexes[$n]] = $hookHtml;
            }
        }

        return preg_replace_callback($pattern, function ($m) use ($rendered) {
            return $rendered[(int) $m[1]] ?? '';
        }, $html);
    }

    /** Forgets this request's hooks and config (a new request starts; long-lived workers too). */
    public function flush(): void
    {
        $this->hooks = [];
        $this->configRequest = null;
        $this->resolvedConfig = null;
        $this->token = bin2hex(random_bytes(8));
    }

    public function hasPendingHooks(): bool
    {
        return $this->hooks !== [];
    }

    /** The nonce of the app's Content-Security-Policy, as Laravel's Vite has it (9.19+). */
    public function cspNonce(): ?string
    {
        $vite = 'Illuminate\Foundation\Vite';
        if (class_exists($vite) && method_exists($vite, 'cspNonce')) {
            return $this->app->make($vite)->cspNonce();
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

    private function placeholder(int $index): string
    {
        return '<!--storefront-hook:'.$this->token.':'.$index.'-->';
    }
}
