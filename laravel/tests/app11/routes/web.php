<?php
// The same routes as the Laravel 8–10 test app (tests/app), in the Laravel 11+ skeleton.

use App\Cart;
use App\Catalog;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;

Route::get('/', function (Request $request) {
    $count = min(2000, max(1, (int) $request->query('cards', 48)));

    return view('category', ['products' => Catalog::teasers($count)]);
});

Route::get('/search', function (Request $request) {
    return view('search', ['q' => (string) $request->query('q', '')]);
});

Route::get('/cart', function (Request $request) {
    return view('cart', ['count' => Cart::count($request)]);
});

Route::get('/cart/get-count', function (Request $request) {
    return ['CartQuantity' => Cart::count($request), 'CartErrors' => false];
});

Route::post('/cart/add-item', function (Request $request) {
    $product = Catalog::find((int) $request->input('product_id'));
    if ($product === null) {
        return response()->json(['message' => 'The product is gone.', 'errors' => ['product_id' => ['The product is gone.']]], 422);
    }
    Cart::add($request, $product['id'], max(1, (int) $request->input('quantity', 1)));

    return [
        'errors' => [],
        'cart' => ['CartQuantity' => Cart::count($request), 'CartTotal' => $product['price']],
        'related' => [],
    ];
});
