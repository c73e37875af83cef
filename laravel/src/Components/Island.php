<?php

namespace StorefrontWidgets\Laravel\Components;

use Illuminate\View\Component;
use StorefrontWidgets\Laravel\Storefront;

/**
 * <x-storefront::island name="product-grid" :props="['products' => $products]" tag="section" aria-label="Products" />
 * A hook with its server HTML. With content between the tags (the header's
 * markup), that content is the hook's and nothing is server-rendered.
 */
class Island extends Component
{
    /** @var string */
    public $name;

    /** @var mixed */
    public $props;

    /** @var string */
    public $tag;

    public function __construct(string $name, $props = null, string $tag = 'div')
    {
        $this->name = $name;
        $this->props = $props;
        $this->tag = preg_match('/^[a-z][a-z0-9-]*$/i', $tag) ? $tag : 'div';
    }

    public function render()
    {
        // A view, not a closure: a string a closure returns is compiled as Blade.
        return view('storefront::island');
    }
}
