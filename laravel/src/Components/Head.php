<?php

namespace StorefrontWidgets\Laravel\Components;

use Illuminate\View\Component;
use StorefrontWidgets\Laravel\Storefront;

/** <x-storefront::head />: the CSRF meta tag, the config block, the CSS, the module preloads and the entry script. */
class Head extends Component
{
    /** @var string|null */
    public $nonce;

    public function __construct(?string $nonce = null)
    {
        $this->nonce = $nonce;
    }

    public function render()
    {
        return app(Storefront::class)->head($this->nonce);
    }
}
