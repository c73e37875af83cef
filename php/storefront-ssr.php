<?php
/**
 * Server rendering for any PHP page, PHP 7.4+, no dependencies (docs/embedding.md, "7. Server rendering"):
 *
 *   require __DIR__ . '/storefront-ssr.php';
 *   $ssr = StorefrontSsr::start(['url' => 'http://127.0.0.1:13714', 'timeout' => 200, 'config' => $storefrontConfig]);
 *   echo $ssr->hook('cart-dropdown');
 *
 * start() buffers the page; each hook prints its element (as the Laravel package's island component
 * does) with a placeholder inside. When the page ends, every hook still in it goes to the render
 * service (POST /render) in ONE request, and each placeholder becomes its hook's server HTML. When the
 * service is down, slower than `timeout` ms (it is told so in X-Storefront-Timeout) or answers anything
 * but one HTML string per hook, every hook stays empty and renders in the browser; error_log gets one
 * line a minute at most.
 */
final class StorefrontSsr
{
    /** Seconds between two log lines about an unavailable service. */
    const LOG_EVERY = 60;

    /** json_encode flags for the config block and data-props: <, >, &, ' and " inside strings become \u escapes. */
    const JSON_FLAGS = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_PARTIAL_OUTPUT_ON_ERROR;

    /** @var string|null */
    private $url;
    /** @var int milliseconds */
    private $timeout;
    /** @var array|object */
    private $config;
    /** @var string 'kept' (one connection per PHP process, page after page), 'curl' or 'streams' (a connection per page) */
    private $transport;
    /** @var string where the last log line's time is kept, for every PHP worker of the machine */
    private $logFile;
    /** @var array<int, array{widget: string, props: mixed}> */
    private $hooks = [];
    /** @var string makes this page's placeholders impossible to guess from its content */
    private $token;
    /** @var string|null the render version of the bundle the page loads (its manifest.json says) */
    private $renderVersion = null;
    /** @var string the page so far, while it is buffered */
    private $page = '';

    /**
     * `url` of the render service (null: none, hooks render in the browser), `timeout` in ms (200), `config` (the
     * #storefront-config block's array), `manifest` (the bundle's manifest.json: the service renders for its
     * build only), `transport` ('kept': one connection kept per PHP process; 'curl' or 'streams': a connection
     * per page), `logFile` (temp folder).
     */
    public function __construct(array $options = [])
    {
        $url = isset($options['url']) ? rtrim((string) $options['url'], '/') : null;
        $this->url = $url === '' ? null : $url;
        $this->timeout = max(1, (int) ($options['timeout'] ?? 200));
        $config = $options['config'] ?? [];
        $this->config = $config === [] ? new stdClass() : $config;
        $this->transport = (string) ($options['transport'] ?? 'kept');
        $this->logFile = (string) ($options['logFile'] ?? sys_get_temp_dir() . '/storefront-ssr-' . md5((string) $this->url) . '.logged');
        $this->token = bin2hex(random_bytes(8));
        // The bundle's manifest names its render version: the service renders only for that build.
        if (isset($options['manifest'])) {
            $this->renderVersion = self::renderVersionOf((string) $options['manifest']);
        }
    }

    /**
     * The render version the manifest at $path names (null: none), read once per PHP process and again
     * only when the file changes (its time and size, as the Laravel package reads it): not decoded on every page.
     */
    private static function renderVersionOf(string $path): ?string
    {
        static $read = []; // path => [time and size, version]
        $stat = @stat($path);
        $changed = $stat === false ? false : $stat['mtime'] . ':' . $stat['size'];
        if (!isset($read[$path]) || $read[$path][0] !== $changed) {
            $manifest = $changed === false ? null : json_decode((string) @file_get_contents($path), true);
            $version = $manifest['widgets/storefront.ts']['renderVersion'] ?? null;
            $read[$path] = [$changed, is_string($version) ? $version : null];
        }

        return $read[$path][1];
    }

    /** A renderer that buffers the page from now on and fills its hooks when the page ends. */
    public static function start(array $options = []): self
    {
        $ssr = new self($options);
        ob_start([$ssr, 'onOutput']);

        return $ssr;
    }

    /**
     * One hook: `<$tag data-widget="$widget" data-props='…' $attributes>` with
     * a placeholder for its server HTML. $attributes is printed as given.
     */
    public function hook(string $widget, $props = null, string $tag = 'div', string $attributes = ''): string
    {
        $tag = preg_match('/^[a-z][a-z0-9-]*$/i', $tag) ? $tag : 'div';
        $open = '<' . $tag . ' data-widget="' . htmlspecialchars($widget, ENT_QUOTES, 'UTF-8') . '"';
        if ($props !== null && $props !== []) {
            // Single quotes need no escaping: every ', &, < and > inside the JSON's strings is a \u escape.
            $open .= " data-props='" . json_encode($props, self::JSON_FLAGS) . "'";
        }
        $open .= ($attributes === '' ? '' : ' ' . $attributes) . '>';
        $this->hooks[] = ['widget' => $widget, 'props' => $props === [] ? null : $props];

        return $open . '<!--storefront-hook:' . $this->token . ':' . (count($this->hooks) - 1) . '--></' . $tag . '>';
    }

    /** The output buffer's callback: keeps the page until it ends, then fills its hooks. */
    public function onOutput(string $chunk, int $phase): string
    {
        // A cleaned buffer's output is dropped; a flush waits for the end of the page (the hooks are filled at once).
        if (!($phase & PHP_OUTPUT_HANDLER_CLEAN)) {
            $this->page .= $chunk;
        }
        if (!($phase & PHP_OUTPUT_HANDLER_FINAL)) {
            return '';
        }
        $page = $this->page;
        $this->page = '';
        try {
            return $this->fill($page);
        } catch (Throwable $e) {
            // An exception must not escape an output handler: the page goes out with empty hooks.
            $this->logUnavailable($e->getMessage());

            return $this->fill($page, false);
        }
    }

    /** $html with every placeholder replaced by its hook's server HTML ('' when there is none). */
    public function fill(string $html, bool $render = true): string
    {
        $pattern = '/<!--storefront-hook:' . $this->token . ':(\d+)-->/';
        if ($this->hooks === [] || !preg_match_all($pattern, $html, $matches)) {
            return $html;
        }
        // The hooks still in the page (one the page printed into a discarded buffer is not), in page order.
        $indexes = array_values(array_intersect(array_unique(array_map('intval', $matches[1])), array_keys($this->hooks)));
        $rendered = [];
        if ($render && $this->url !== null && $indexes !== []) {
            $hooks = array_map(fn ($i) => $this->hooks[$i], $indexes);
            foreach ($this->render($hooks) as $n => $hookHtml) {
                $rendered[$indexes[$n]] = $hookHtml;
            }
        }

        return preg_replace_callback($pattern, function ($m) use ($rendered) {
            return $rendered[(int) $m[1]] ?? '';
        }, $html);
    }

    /**
     * One inner HTML per hook, in order: all '' when the service is down,
     * slow or wrong (then one log line a minute at most).
     *
     * @return string[]
     */
    public function render(array $hooks): array
    {
        $empty = array_fill(0, count($hooks), '');
        // Encoded as data-props is (a string that is not UTF-8 becomes null), so both sides see the same props.
        $body = json_encode(['config' => $this->config, 'hooks' => $hooks], JSON_PARTIAL_OUTPUT_ON_ERROR);
        // X-Storefront-Timeout: the service sheds work it cannot finish before PHP stops waiting;
        // X-Storefront-Hooks: so it can say so without reading the body.
        $headers = ['Content-Type: application/json', 'Accept: application/json', 'X-Storefront-Timeout: ' . $this->timeout, 'X-Storefront-Hooks: ' . count($hooks)];
        // X-Storefront-Render-Version: server HTML of another build would not hydrate (a service not restarted after a deploy).
        if ($this->renderVersion !== null && preg_match('/^[\w.-]{1,64}$/', $this->renderVersion)) {
            $headers[] = 'X-Storefront-Render-Version: ' . $this->renderVersion;
        }
        $answer = $this->transport === 'curl' ? $this->postCurl($body, $headers) : $this->postStreams($body, $headers, $this->transport === 'kept');
        $html = $answer[0] === 200 ? json_decode($answer[1], true) : null;
        $html = is_array($html) ? ($html['html'] ?? null) : null;
        if (!is_array($html) || array_keys($html) !== array_keys($hooks)) {
            $this->logUnavailable($answer[2] !== '' ? $answer[2] : 'HTTP ' . $answer[0] . ', not {"html": [one string per hook]}: ' . self::excerpt($answer[1]));

            return $empty;
        }

        return array_map(function ($h) {
            return is_string($h) ? $h : '';
        }, $html);
    }

    /** @return array{0: int, 1: string, 2: string} status (0: none), body, error */
    private function postCurl(string $body, array $headers): array
    {
        $curl = curl_init($this->url . '/render');
        curl_setopt_array($curl, [
            CURLOPT_POST => true,
            CURLOPT_POSTFIELDS => $body,
            // No "Expect: 100-continue" round trip for bodies over 1 KB.
            CURLOPT_HTTPHEADER => array_merge($headers, ['Expect:']),
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => $this->timeout,
            CURLOPT_CONNECTTIMEOUT_MS => $this->timeout,
            // Millisecond timeouts with the system resolver need this (no SIGALRM).
            CURLOPT_NOSIGNAL => true,
        ]);
        $answer = curl_exec($curl);
        $result = [(int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE), is_string($answer) ? $answer : '', $answer === false ? curl_error($curl) : ''];
        curl_close($curl);

        return $result;
    }

    /**
     * HTTP/1.1 over a socket, every wait bounded by what is left of the timeout. `kept`: on the one
     * connection this PHP process keeps (a persistent socket: a PHP-FPM worker serves page after page, and
     * the render service pays for every connection it accepts, a third of a grid's cost for each request
     * it refuses under load); closed on any error or timeout, so a late answer is never read as the next
     * page's, and replaced once when it closed before any byte of the answer (the service closed it as the
     * request came: a render is safe to ask for twice). Otherwise a connection of its own, closed after.
     */
    private function postStreams(string $body, array $headers, bool $kept): array
    {
        $deadline = microtime(true) + $this->timeout / 1000;
        $parts = parse_url((string) $this->url);
        if (!is_array($parts) || ($parts['scheme'] ?? '') !== 'http' || !isset($parts['host'])) {
            return [0, '', "not an http:// URL: {$this->url}"];
        }
        $path = rtrim($parts['path'] ?? '', '/') . '/render';
        $request = "POST {$path} HTTP/1.1\r\nHost: {$parts['host']}\r\n" . implode("\r\n", array_merge($headers, ['Content-Length: ' . strlen($body), 'Connection: ' . ($kept ? 'keep-alive' : 'close')])) . "\r\n\r\n" . $body;
        for ($attempt = 1; ; $attempt++) {
            $flags = STREAM_CLIENT_CONNECT | ($kept ? STREAM_CLIENT_PERSISTENT : 0);
            $socket = @stream_socket_client('tcp://' . $parts['host'] . ':' . ($parts['port'] ?? 80), $errno, $error, max(0.001, $deadline - microtime(true)), $flags);
            if ($socket === false) {
                return [0, '', "connect: {$error}"];
            }
            stream_set_blocking($socket, false);
            [$status, $answer, $problem, $open] = self::exchange($socket, $request, $deadline);
            if (!$open || !$kept) {
                fclose($socket);
            }
            if ($problem !== 'closed before the answer' || !$kept || $attempt > 1 || microtime(true) >= $deadline) {
                return [$status, $answer, $problem === '' ? '' : ($problem === 'timeout' ? "no answer within {$this->timeout} ms" : $problem)];
            }
        }
    }

    /**
     * Writes the request and reads the answer.
     *
     * @param resource $socket
     * @return array{0: int, 1: string, 2: string, 3: bool} status (0: none), body, error, whether the connection can serve another
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
                return [0, '', 'timeout', false];
            }
            if ($write !== []) {
                $written = @fwrite($socket, $request);
                if ($written === false) {
                    return [0, '', 'closed before the answer', false];
                }
                $request = (string) substr($request, $written);
            }
            if ($read !== []) {
                $chunk = fread($socket, 65536);
                if (($chunk === '' || $chunk === false) && feof($socket)) {
                    $whole = self::whole($response, true);
                    if ($whole === null) {
                        return [0, '', $response === '' ? 'closed before the answer' : 'the connection closed in the middle of the answer', false];
                    }
                    break;
                }
                $response .= (string) $chunk;
            }
        }
        $status = preg_match('#^HTTP/\d\.\d (\d{3})#', $response, $m) ? (int) $m[1] : 0;

        return [$status, $whole[0], $status === 0 ? 'not an HTTP answer' : '', $whole[1]];
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

    /**
     * One line per LOG_EVERY seconds across the machine's PHP workers: the worker that takes the
     * file's lock and finds the last line a minute old writes the next. Without the file, every time.
     */
    private function logUnavailable(string $reason): void
    {
        $file = @fopen($this->logFile, 'c+');
        $first = $file === false || (flock($file, LOCK_EX | LOCK_NB) && microtime(true) - (float) stream_get_contents($file) >= self::LOG_EVERY);
        if ($file !== false && $first) {
            ftruncate($file, 0);
            rewind($file);
            fwrite($file, (string) microtime(true));
        }
        if ($file !== false) {
            fclose($file); // and unlocks
        }
        if ($first) {
            error_log("Storefront render service at {$this->url} unavailable, hooks render in the browser: " . self::excerpt($reason));
        }
    }

    private static function excerpt(string $text): string
    {
        $text = (string) preg_replace('/\s+/', ' ', $text);

        return strlen($text) > 200 ? substr($text, 0, 200) . '…' : $text;
    }
}
