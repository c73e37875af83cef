{{-- resources/views/layouts/app.blade.php --}}
<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <title>{{ $title ?? 'Card shop' }}</title>
    <x-storefront::head />
</head>
<body>
    <header>
        <a href="/">Card shop</a>
        <x-storefront::island name="search-bar" :props="['variant' => 'desktop']" />
        <x-storefront::island name="cart-dropdown" />
    </header>
    <main>@yield('content')</main>
    <x-storefront::island name="cart-dialogs" />
</body>
</html>
