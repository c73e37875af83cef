{{-- resources/views/category.blade.php --}}
@extends('layouts.app')

@section('content')
    <h1>Booster boxes</h1>
    <x-storefront::island name="product-grid" tag="section" aria-label="Products" :props="['products' => $products]" />
@endsection
