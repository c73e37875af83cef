<?php

namespace StorefrontWidgets\Laravel;

use GuzzleHttp\Exception\ConnectException;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Promise\PromiseInterface;
use GuzzleHttp\Psr7\Response;
use Psr\Http\Message\RequestInterface;
use RuntimeException;
use StorefrontWidgets\Ssr\Http1;

/**
 * A Guzzle handler (Http::setHandler) that sends each request on the one
 * connection this PHP process keeps to the render service: the PHP client's
 * own (client/Http1.php, which says why). Http::fake() and the app's
 * middleware work as with any handler: they come before this one.
 */
class KeptConnection
{
    public function __invoke(RequestInterface $request, array $options): PromiseInterface
    {
        $seconds = (float) ($options['timeout'] ?? 0) ?: 30.0;
        $headers = [];
        foreach ($request->getHeaders() as $name => $values) {
            if (! in_array(strtolower($name), ['host', 'content-length', 'connection', 'transfer-encoding', 'expect'], true)) {
                foreach ($values as $value) {
                    $headers[] = "{$name}: {$value}";
                }
            }
        }
        $connect = (float) ($options['connect_timeout'] ?? 0) ?: null;
        [$status, $head, $body, $error] = Http1::send($request->getMethod(), (string) $request->getUri(), $headers, (string) $request->getBody(), microtime(true) + $seconds, true, $connect);
        if ($error !== '') {
            return Create::rejectionFor(new ConnectException($error, $request, new RuntimeException($error)));
        }

        return Create::promiseFor(new Response($status, $head, $body));
    }
}
