<?php

namespace App;

use Illuminate\Http\Request;

/** The test shop's cart: product id => quantity, in the session. */
class Cart
{
    public static function count(Request $request): int
    {
        return array_sum($request->session()->get('cart', []));
    }

    public static function add(Request $request, int $productId, int $quantity): void
    {
        $cart = $request->session()->get('cart', []);
        $cart[$productId] = ($cart[$productId] ?? 0) + $quantity;
        $request->session()->put('cart', $cart);
    }
}
