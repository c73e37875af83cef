<?php

namespace StorefrontWidgets\Laravel;

use Closure;

/**
 * One request's storefront: its page config (resolved once), its hooks
 * waiting for their server HTML and the token of their placeholders. A
 * scoped binding, made afresh by FillHooks for each request, so an app
 * that serves many requests (Octane, queue workers, tests) never carries
 * one request's hooks, config or token into the next.
 */
class Page
{
    /** @var bool whether hooks get a placeholder (FillHooks runs for this request) */
    private $collecting = false;

    /** @var array<int, array{widget: string, props: mixed}> */
    private $hooks = [];

    /** @var string makes this request's placeholders impossible to guess from page content */
    private $token;

    /** @var bool */
    private $configResolved = false;

    /** @var array|object|null */
    private $config;

    /** @var string|null the render version of the bundle the page loads, once its head is printed */
    private $renderVersion;

    public function __construct()
    {
        $this->token = bin2hex(random_bytes(8));
    }

    /** From now on each hook holds a placeholder until fill(). */
    public function collect(): void
    {
        $this->collecting = true;
    }

    /** The page config, $resolve called the first time only. */
    public function config(Closure $resolve)
    {
        if (! $this->configResolved) {
            $this->config = $resolve();
            $this->configResolved = true;
        }

        return $this->config;
    }

    /** The placeholder of a new hook, or null when nothing will fill it (no FillHooks on this request). */
    public function add(string $widget, $props): ?string
    {
        if (! $this->collecting) {
            return null;
        }
        $this->hooks[] = ['widget' => $widget, 'props' => $props];

        return '<!--storefront-hook:'.$this->token.':'.(count($this->hooks) - 1).'-->';
    }

    /** The page loads the bundle of this render version (its head printed it; null: a build that does not say). */
    public function loads(?string $renderVersion): void
    {
        $this->renderVersion = $renderVersion;
    }

    /** The render version of the bundle the page loads, for the render service; null when no head said. */
    public function renderVersion(): ?string
    {
        return $this->renderVersion;
    }

    public function hasHooks(): bool
    {
        return $this->hooks !== [];
    }

    /**
     * Puts each hook's HTML in place of its placeholder in $html: $render
     * gets the hooks found there, in order, and gives their HTML.
     *
     * @param  Closure(array $hooks): string[]|null  $render  null: every hook stays empty
     */
    public function fill(string $html, ?Closure $render): string
    {
        $pattern = '/'.preg_quote('<!--storefront-hook:'.$this->token.':', '/').'(\d+)-->/';
        if ($this->hooks === [] || ! preg_match_all($pattern, $html, $matches)) {
            return $html;
        }
        $indexes = array_values(array_filter(array_unique(array_map('intval', $matches[1])), function ($i) {
            return isset($this->hooks[$i]);
        }));
        $rendered = [];
        if ($render !== null && $indexes !== []) {
            $hooks = array_map(function ($i) {
                return $this->hooks[$i];
            }, $indexes);
            foreach ($render($hooks) as $n => $hookHtml) {
                $rendered[$indexes[$n]] = $hookHtml;
            }
        }

        return preg_replace_callback($pattern, function ($m) use ($rendered) {
            return $rendered[(int) $m[1]] ?? '';
        }, $html);
    }
}
