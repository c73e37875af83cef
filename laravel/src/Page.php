<?php

namespace StorefrontWidgets\Laravel;

use Closure;
use StorefrontWidgets\Ssr\Hooks;

/**
 * One request's storefront: its page config (resolved once), its hooks
 * waiting for their server HTML (the PHP client's Hooks) and the render
 * version of the bundle it loads. A scoped binding, made afresh by FillHooks
 * for each request, so an app that serves many requests (Octane, queue
 * workers, tests) never carries one request's hooks, config or token into the next.
 */
class Page
{
    /** @var bool whether hooks get a placeholder (FillHooks runs for this request) */
    private $collecting = false;

    /** @var Hooks */
    private $hooks;

    /** @var bool */
    private $configResolved = false;

    /** @var array|object|null */
    private $config;

    /** @var string|null the render version of the bundle the page loads, once its head is printed */
    private $renderVersion;

    public function __construct()
    {
        $this->hooks = new Hooks;
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
        return $this->collecting ? $this->hooks->add($widget, $props) : null;
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
        return ! $this->hooks->isEmpty();
    }

    /**
     * Puts each hook's HTML in place of its placeholder in $html: $render
     * gets the hooks found there, in order, and gives their HTML.
     *
     * @param  Closure(array $hooks): string[]|null  $render  null: every hook stays empty
     */
    public function fill(string $html, ?Closure $render): string
    {
        return $this->hooks->fill($html, $render);
    }
}
