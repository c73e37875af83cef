<?php
// app/Providers/AppServiceProvider.php

namespace App\Providers;

use App\Cart; // the app's own cart: Cart::count($request) is its number of items
use Illuminate\Http\Request;
use Illuminate\Support\ServiceProvider;
use StorefrontWidgets\Laravel\Facades\Storefront;

class AppServiceProvider extends ServiceProvider
{
    public function boot()
    {
        // The #storefront-config block: read once per request, for the head and every hook.
        Storefront::config(fn (Request $request) => [
            'region' => [
                'factor' => (float) $request->session()->get('currency_factor', 1),
                'symbol' => $request->session()->get('currency_symbol', '$'),
                'country' => $request->session()->get('country', 'US'), // 'US' or 'CA'
            ],
            'user' => [
                'loggedIn' => $request->user() !== null,
                'recentSearches' => [], // the shopper's saved searches
            ],
            'paypal' => ['clientId' => (string) config('services.paypal.client_id')],
            // What the page knows: the islands then call nothing on a passive page view.
            'cart' => ['count' => Cart::count($request), 'errors' => false], // as GET /cart/get-count
            'country' => [                                                   // as GET /determine-user-country
                'country' => $request->session()->get('visitor_country', 'US'),
                'opt' => $request->session()->get('visitor_country', 'US') !== 'US'
                    && ! $request->session()->has('currency_decided'),
            ],
        ]);
    }
}
