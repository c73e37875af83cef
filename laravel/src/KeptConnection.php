<?php

namespace StorefrontWidgets\Laravel;

use GuzzleHttp\Exception\ConnectException;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Promise\PromiseInterface;
use GuzzleHttp\Psr7\Response;
use Psr\Http\Message\RequestInterface;
use RuntimeException;
use Throwable;

/**
 * A Guzzle handler (Http::setHandler) that sends each request on the one
 * connection this PHP process keeps to the render service (a persistent
 * socket: a PHP-FPM or Octane worker serves page after page), HTTP/1.1.
 *
 * Why: curl opens and closes a connection per page, and the render service's
 * Node pays for each (accepting it, its objects, closing it): under 4× its
 * capacity, when three requests in four are answered empty at once, a
 * connection per request left 0.82 of its capacity for the pages it renders,
 * kept connections 0.94 (docs/render-service.md). Http::fake() and the
 * app's middleware work as with any handler: they come before this one.
 *
 * A connection is used by one request at a time and closed on any error or
 * timeout, so an answer PHP stopped waiting for is never read as the next
 * one's. A kept connection the service closed meanwhile (its idle timeout, a
 * restart) is found dead by PHP before reuse; one that dies as the request is
 * sent, before any byte of the answer, is replaced once (a render is safe to ask for twice).
 */
class KeptConnection
{
    /** The code of the exception for a connection that closed before any byte of the answer: a kept connection the service had closed. */
    private const CLOSED_BEFORE_ANSWER = 1;

    /** @var array<string, bool> connections in use, by address (a request made while another waits gets a connection of its own) */
    private static $busy = [];

    public function __invoke(RequestInterface $request, array $options): PromiseInterface
    {
        try {
            return Create::promiseFor($this->send($request, $options));
        } catch (Throwable $e) {
            return Create::rejectionFor(new ConnectException($e->getMessage(), $request, $e));
        }
    }

    private function send(RequestInterface $request, array $options): Response
    {
        $uri = $request->getUri();
        if ($uri->getScheme() !== 'http' || $uri->getHost() === '') {
            throw new RuntimeException("kept connections speak http:// only, not {$uri}");
        }
        $address = 'tcp://'.$uri->getHost().':'.($uri->getPort() ?? 80);
        $seconds = (float) ($options['timeout'] ?? 0) ?: 30.0;
        $deadline = microtime(true) + $seconds;
        $message = self::message($request);
        $persistent = empty(self::$busy[$address]);
        self::$busy[$address] = true;
        try {
            for ($attempt = 1; ; $attempt++) {
                $connectSeconds = min((float) ($options['connect_timeout'] ?? 0) ?: $seconds, $deadline - microtime(true));
                $socket = self::open($address, max(0.001, $connectSeconds), $persistent);
                try {
                    self::write($socket, $message, $deadline);
                    [$status, $headers, $body, $close] = self::read($socket, $deadline);
                } catch (Throwable $e) {
                    fclose($socket);
                    if ($e->getCode() === self::CLOSED_BEFORE_ANSWER && $attempt === 1 && microtime(true) < $deadline) {
                        continue;
                    }
                    throw $e;
                }
                if ($close || ! $persistent) {
                    fclose($socket);
                }

                return new Response($status, $headers, $body);
            }
        } finally {
            if ($persistent) {
                unset(self::$busy[$address]);
            }
        }
    }

    /** The request as bytes: HTTP/1.1, the body's length, the connection kept. */
    private static function message(RequestInterface $request): string
    {
        $uri = $request->getUri();
        $target = ($uri->getPath() ?: '/').($uri->getQuery() === '' ? '' : '?'.$uri->getQuery());
        $body = (string) $request->getBody();
        $head = "{$request->getMethod()} {$target} HTTP/1.1\r\nHost: {$uri->getAuthority()}\r\n";
        foreach ($request->getHeaders() as $name => $values) {
            if (! in_array(strtolower($name), ['host', 'content-length', 'connection', 'transfer-encoding', 'expect'], true)) {
                foreach ($values as $value) {
                    $head .= "{$name}: {$value}\r\n";
                }
            }
        }

        return $head.'Content-Length: '.strlen($body)."\r\nConnection: keep-alive\r\n\r\n".$body;
    }

    /** @return resource */
    private static function open(string $address, float $seconds, bool $persistent)
    {
        $flags = STREAM_CLIENT_CONNECT | ($persistent ? STREAM_CLIENT_PERSISTENT : 0);
        $socket = @stream_socket_client($address, $errno, $error, $seconds, $flags);
        if (! $socket) {
            throw new RuntimeException("cannot connect to {$address}: {$error} ({$errno})");
        }
        stream_set_blocking($socket, false);

        return $socket;
    }

    /** @param resource $socket */
    private static function write($socket, string $message, float $deadline): void
    {
        while ($message !== '') {
            self::wait($socket, $deadline, true);
            $written = @fwrite($socket, $message);
            if ($written === false || ($written === 0 && feof($socket))) {
                throw new RuntimeException('the connection closed while the request was sent', self::CLOSED_BEFORE_ANSWER);
            }
            $message = (string) substr($message, $written);
        }
    }

    /**
     * The answer: status, headers, body, and whether the connection must close after it.
     *
     * @param resource $socket
     * @return array{0: int, 1: array<string, string[]>, 2: string, 3: bool}
     */
    private static function read($socket, float $deadline): array
    {
        $buffer = '';
        while (($whole = self::whole($buffer, false)) === null) {
            $chunk = self::readSome($socket, $deadline);
            if ($chunk === null) {
                $whole = self::whole($buffer, true);
                if ($whole === null) {
                    throw $buffer === ''
                        ? new RuntimeException('the connection closed before the answer', self::CLOSED_BEFORE_ANSWER)
                        : new RuntimeException('the connection closed in the middle of the answer');
                }
                break;
            }
            $buffer .= $chunk;
        }
        $lines = explode("\r\n", substr($buffer, 0, (int) strpos($buffer, "\r\n\r\n")));
        if (! preg_match('#^HTTP/1\.[01] (\d{3})#', array_shift($lines), $status)) {
            throw new RuntimeException('not an HTTP answer');
        }
        $headers = [];
        foreach ($lines as $line) {
            [$name, $value] = array_map('trim', explode(':', $line, 2) + [1 => '']);
            $headers[$name][] = $value;
        }

        return [(int) $status[1], $headers, $whole[0], ! $whole[1]];
    }

    /**
     * The answer's body once it is whole (framed by its Content-Length, chunked, or ended by the service
     * closing the connection: `$ended`), with whether the connection can serve another; null before.
     *
     * @return array{0: string, 1: bool}|null
     */
    private static function whole(string $response, bool $ended): ?array
    {
        $split = strpos($response, "\r\n\r\n");
        if ($split === false) {
            return null;
        }
        $head = substr($response, 0, $split);
        $rest = (string) substr($response, $split + 4);
        $open = ! $ended && ! preg_match('/\r\nconnection: *close/i', $head);
        if (preg_match('/\r\ntransfer-encoding: *chunked/i', $head)) {
            $body = '';
            for ($at = 0; ($eol = strpos($rest, "\r\n", $at)) !== false; $at = $eol + 2 + $size + 2) {
                $size = (int) hexdec(trim(explode(';', substr($rest, $at, $eol - $at))[0]));
                if ($size === 0) {
                    $end = strpos($rest, "\r\n\r\n", $eol); // after the trailers, if any

                    return $end === false ? null : [$body, $open && strlen($rest) === $end + 4];
                }
                if (strlen($rest) < $eol + 2 + $size + 2) {
                    return null;
                }
                $body .= substr($rest, $eol + 2, $size);
            }

            return null;
        }
        if (preg_match('/\r\ncontent-length: *(\d+)/i', $head, $m)) {
            $length = (int) $m[1];

            return strlen($rest) >= $length ? [(string) substr($rest, 0, $length), $open && strlen($rest) === $length] : null;
        }

        return $ended ? [$rest, false] : null;
    }

    /**
     * What the socket has, waiting for it until the deadline; null at its end.
     *
     * @param resource $socket
     */
    private static function readSome($socket, float $deadline): ?string
    {
        self::wait($socket, $deadline, false);
        $chunk = @fread($socket, 65536);

        return $chunk === false || ($chunk === '' && feof($socket)) ? null : $chunk;
    }

    /** @param resource $socket */
    private static function wait($socket, float $deadline, bool $write): void
    {
        $left = $deadline - microtime(true);
        $read = $write ? null : [$socket];
        $writes = $write ? [$socket] : null;
        $except = null;
        if ($left <= 0 || @stream_select($read, $writes, $except, (int) $left, (int) (fmod($left, 1) * 1e6)) < 1) {
            throw new RuntimeException('timed out waiting for the render service');
        }
    }
}

