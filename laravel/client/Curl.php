<?php

namespace StorefrontWidgets\Ssr;

/** A POST through PHP's curl extension, a connection of its own (the plain client's 'curl' transport). */
final class Curl
{
    /**
     * @param string[] $headers "Name: value" lines
     * @return array{0: int, 1: array<string, string[]>, 2: string, 3: string} status (0: none), headers, body, error ('' when none)
     */
    public static function post(string $url, array $headers, string $body, int $timeoutMs): array
    {
        $curl = curl_init($url);
        $head = [];
        curl_setopt_array($curl, [
            CURLOPT_POST => true,
            CURLOPT_POSTFIELDS => $body,
            // No "Expect: 100-continue" round trip for bodies over 1 KB.
            CURLOPT_HTTPHEADER => array_merge($headers, ['Expect:']),
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => $timeoutMs,
            CURLOPT_CONNECTTIMEOUT_MS => $timeoutMs,
            // Millisecond timeouts with the system resolver need this (no SIGALRM).
            CURLOPT_NOSIGNAL => true,
            CURLOPT_HEADERFUNCTION => function ($curl, string $line) use (&$head): int {
                $pair = explode(':', $line, 2);
                if (count($pair) === 2) {
                    $head[trim($pair[0])][] = trim($pair[1]);
                }

                return strlen($line);
            },
        ]);
        $answer = curl_exec($curl);
        $result = [(int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE), $head, is_string($answer) ? $answer : '', $answer === false ? curl_error($curl) : ''];
        curl_close($curl);

        return $result;
    }
}
