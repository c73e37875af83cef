@extends('layouts.app', ['title' => 'Cart'])

@section('content')
    <h1>Your cart: {{ $count }} items</h1>
@endsection
