<?php

return [
    'paypal' => ['client_id' => env('PAYPAL_CLIENT_ID', '')],
];
