@extends('layouts.app', ['title' => 'Search'])

@section('content')
    <h1>Results for “{{ $q }}”</h1>
@endsection
