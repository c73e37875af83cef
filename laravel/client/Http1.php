<?php

namespace StorefrontWidgets\Ssr;

/**
 * HTTP/1.1 over a socket, every wait bounded by the caller's deadline (PHP 7.4+, no dependencies).
 *
 * Kept: on the one connection this PHP process keeps to an address (a persistent socket: a PHP-FPM or
 * Octane worker serves page after page, and the render service pays for every connection it accepts,
 * a third of a grid's cost for each request it refuses under load: docs/render-service.md). A
 * connection serves one request at a time (a request made while another waits gets one of its own)
 * and is closed on any error or timeout, so an answer PHP stopped waiting for is never read as the
 * next one's. One the service closed as the request came, before any byte of the answer (its idle
 * timeout, a restart), is replaced once: a render is safe to ask for twice. Not kept: a connection
 * of its own, closed after.
 */
final class Http1
{
    /** Why an exchange failed when the connection closed before any byte of the answer. */
    private const CLOSED_BEFORE_ANSWER = 'the connection closed before the answer';

    /** @var array<string, bool> kept connections in use, by address */
    private static $busy = [];

    /**
     * @param string[] $headers "Name: value" lines (Host, Content-Length and Connection are this class's)
     * @return array{0: int, 1: array<string, string[]>, 2: string, 3: string} status (0: none), headers, body, error ('' when none)
     */
    public static function send(string $method, string $url, array $headers, string $body, float $deadline, bool $kept, ?float $connectSeconds = null): array
    {
        $parts = parse_url($url);
        if (!is_array($parts) || ($parts['scheme'] ?? '') !== 'http' || !isset($parts['host'])) {
            return [0, [], '', "not an http:// URL: {$url}"];
        }
        $address = 'tcp://' . $parts['host'] . ':' . ($parts['port'] ?? 80);
        $target = ($parts['path'] ?? '') === '' ? '/' : $parts['path'];
        $target .= isset($parts['query']) ? '?' . $parts['query'] : '';
        $host = $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
        $request = "{$method} {$target} HTTP/1.1\r\nHost: {$host}\r\n" . implode('', array_map(function ($line) {
            return $line . "\r\n";
        }, $headers)) . 'Content-Length: ' . strlen($body) . "\r\nConnection: " . ($kept ? 'keep-alive' : 'close') . "\r\n\r\n" . $body;
        $persistent = $kept && empty(self::$busy[$address]);
        if ($persistent) {
            self::$busy[$address] = true;
        }
        try {
            for ($attempt = 1; ; $attempt++) {
                $connectBy = min($deadline, microtime(true) + ($connectSeconds ?? INF));
                $flags = STREAM_CLIENT_CONNECT | ($persistent ? STREAM_CLIENT_PERSISTENT : 0);
                $socket = @stream_socket_client($address, $errno, $error, max(0.001, $connectBy - microtime(true)), $flags);
                if ($socket === false) {
                    return [0, [], '', "cannot connect to {$address}: {$error} ({$errno})"];
                }
                stream_set_blocking($socket, false);
                [$status, $head, $answer, $problem, $open] = self::exchange($socket, $request, $deadline);
                if (!$open || !$persistent) {
                    fclose($socket);
                }
                if ($problem !== self::CLOSED_BEFORE_ANSWER || !$persistent || $attempt > 1 || microtime(true) >= $deadline) {
                    return [$status, $head, $answer, $problem];
                }
            }
        } finally {
            if ($persistent) {
                unset(self::$busy[$address]);
            }
        }
    }

    /**
     * Writes the request and reads the answer.
     *
     * @param resource $socket
     * @return array{0: int, 1: array<string, string[]>, 2: string, 3: string, 4: bool} status, headers, body, error, whether the connection can serve another
     */
    private static function exchange($socket, string $request, float $deadline): array
    {
        $response = '';
        while (($whole = self::whole($response, false)) === null) {
            $left = $deadline - microtime(true);
            $read = [$socket];
            $write = $request === '' ? [] : [$socket];
            $except = null;
            if ($left <= 0 || !@stream_select($read, $write, $except, (int) $left, (int) (fmod($left, 1) * 1e6))) {
                return [0, [], '', 'timed out waiting for the render service', false];
            }
            if ($write !== []) {
                $written = @fwrite($socket, $request);
                if ($written === false || ($written === 0 && feof($socket))) {
                    return [0, [], '', self::CLOSED_BEFORE_ANSWER, false];
                }
                $request = (string) substr($request, $written);
            }
            if ($read !== []) {
                $chunk = @fread($socket, 65536);
                if (($chunk === '' || $chunk === false) && feof($socket)) {
                    $whole = self::whole($response, true);
                    if ($whole === null) {
                        return [0, [], '', $response === '' ? self::CLOSED_BEFORE_ANSWER : 'the connection closed in the middle of the answer', false];
                    }
                    break;
                }
                $response .= (string) $chunk;
            }
        }
        $lines = explode("\r\n", substr($response, 0, (int) strpos($response, "\r\n\r\n")));
        if (!preg_match('#^HTTP/1\.[01] (\d{3})#', (string) array_shift($lines), $status)) {
            return [0, [], '', 'not an HTTP answer', false];
        }
        $headers = [];
        foreach ($lines as $line) {
            [$name, $value] = array_map('trim', explode(':', $line, 2) + [1 => '']);
            $headers[$name][] = $value;
        }

        return [(int) $status[1], $headers, $whole[0], '', $whole[1]];
    }

    /**
     * The answer's body once it is whole (framed by its Content-Length, chunked, or ended by the service
     * closing the connection: `$ended`), with whether the connection can serve another; null before.
     *
     * @return array{0: string, 1: bool}|null
     */
    public static function whole(string $response, bool $ended): ?array
    {
        $split = strpos($response, "\r\n\r\n");
        if ($split === false) {
            return null;
        }
        $head = substr($response, 0, $split);
        $rest = (string) substr($response, $split + 4);
        $open = !$ended && !preg_match('/\r\nconnection: *close/i', $head);
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
}
