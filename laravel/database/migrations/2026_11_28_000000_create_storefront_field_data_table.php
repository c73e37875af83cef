<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

/**
 * Field data's aggregates (docs/laravel.md, "Field data"): one row per day (UTC) × metric × page × island
 * × device × bucket, its count. Raw beacons are never kept; the rows are bounded by the fixed buckets.
 * Loaded only while storefront.field_data.enabled is on.
 */
return new class extends Migration
{
    public function up()
    {
        Schema::create('storefront_field_data', function (Blueprint $table) {
            $table->id();
            $table->date('day');
            $table->string('metric', 24);
            $table->string('page', 60);
            $table->string('island', 40);
            $table->string('device', 7);
            $table->unsignedSmallInteger('bucket');
            $table->unsignedBigInteger('n');
            $table->unique(['day', 'metric', 'page', 'island', 'device', 'bucket'], 'storefront_field_data_series');
        });
    }

    public function down()
    {
        Schema::dropIfExists('storefront_field_data');
    }
};
