<?php

namespace StorefrontWidgets\Laravel\FieldData;

use Illuminate\Cache\RateLimiter;
use Illuminate\Http\Request;
use Illuminate\Http\Response;
use StorefrontWidgets\Laravel\RenderClient;
use StorefrontWidgets\Ssr\FieldBeacon;
use StorefrontWidgets\Ssr\LogThrottle;

/**
 * The route of storefront.field_data.path (POST), registered outside every middleware group: no session,
 * no cookie, so no CSRF token to check (the beacon, a keepalive POST without cookies, has none) and nothing that names the
 * shopper. Checks and answers as the plain receiver does (client/FieldBeacon.php): 204, or 400, 413, 415,
 * 429 with one fixed line, 503 when the store fails; nothing of the input goes back.
 */
class Receiver
{
    public function __invoke(Request $request, RateLimiter $limiter, Store $store): Response
    {
        // The client for its minute only: a hash keyed with the app's key, in the cache, gone with its window.
        $client = 'storefront-field-data:'.hash_hmac('sha256', (string) $request->ip(), (string) config('app.key'));
        if ($limiter->tooManyAttempts($client, (int) config('storefront.field_data.per_minute'))) {
            $status = 429;
        } else {
            $limiter->hit($client, 60);
            // A body announced over the cap is refused before it is read.
            $over = (int) $request->headers->get('Content-Length') > FieldBeacon::MAX_BYTES;
            [$status, $rows] = $over ? [413, []] : FieldBeacon::read($request->getContent(), $request->headers->get('Content-Type'));
            if ($status === 204) {
                $status = self::stored($store, $rows);
            }
        }

        return new Response(FieldBeacon::ANSWERS[$status] ?? "Field data is not stored now.\n", $status, ['Content-Type' => 'text/plain; charset=utf-8', 'Cache-Control' => 'no-store']);
    }

    /**
     * 204 once the rows are added; 503 when the store fails (its table not migrated, the database down): one
     * fixed line, not the app's error page, and the error in the log once a minute, not once a beacon.
     */
    private static function stored(Store $store, array $rows): int
    {
        try {
            $store->add($rows, gmdate('Y-m-d', now()->getTimestamp()));

            return 204;
        } catch (\Throwable $e) {
            if (LogThrottle::first(RenderClient::logFile('field-data-store'))) {
                report($e);
            }

            return 503;
        }
    }
}
