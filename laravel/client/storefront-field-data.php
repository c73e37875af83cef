<?php
/**
 * The plain-PHP field-data receiver, PHP 7.4+, no dependencies (docs/embedding.md, "10. Field data"):
 * the checks, aggregates and report the Laravel package uses too (this folder), with a file as the store.
 *
 *   // the page the shop serves at /storefront/field-data (the endpoint of its fieldData config):
 *   require __DIR__ . '/storefront-ssr/storefront-field-data.php';
 *   StorefrontFieldData::answer(['file' => '/var/lib/shop/field-data.json', 'per_minute' => 30]);
 *
 *   php storefront-field-data.php report [--from=2026-11-01] [--to=2026-11-28] [--device=mobile] [--html=out.html|-] [--file=…]
 *   php storefront-field-data.php receive --content-type=text/plain --client=203.0.113.9 [--file=…] [--per-minute=30] < beacon.json
 *     (prints the status, then the answer's body: a server that is not PHP answers so; demo-pages/field-data.mjs)
 *
 * A beacon is answered 204 and added to today's aggregates (UTC), or refused (400 bad shape, 413 over
 * 16384 bytes, 415 another type, 429 over per_minute from one client) with one fixed line and nothing
 * stored. An option refused (one line in error_log, a minute apart at most): 503, nothing stored.
 */

use StorefrontWidgets\Ssr\FieldBeacon;
use StorefrontWidgets\Ssr\FieldFile;
use StorefrontWidgets\Ssr\FieldHtml;
use StorefrontWidgets\Ssr\FieldReport;
use StorefrontWidgets\Ssr\LogThrottle;
use StorefrontWidgets\Ssr\Options;

foreach (['FieldBeacon', 'FieldFile', 'FieldHistogram', 'FieldHtml', 'FieldReport', 'LogThrottle', 'Options'] as $part) {
    if (!class_exists('StorefrontWidgets\\Ssr\\' . $part, false)) {
        require __DIR__ . '/' . $part . '.php';
    }
}

final class StorefrontFieldData
{
    public const DEFAULTS = ['file' => null, 'per_minute' => 30];

    /** @var FieldFile */
    public $store;

    /** @var int */
    private $perMinute;

    /** @var string[] the options refused: nothing is received */
    public $problems = [];

    /** `file`: the aggregates (default: storefront-field-data.json in the temp folder); `per_minute`: beacons a client may send a minute. */
    public function __construct(array $options = [], ?callable $clock = null)
    {
        $values = self::DEFAULTS;
        foreach ($options as $name => $value) {
            if (!array_key_exists($name, self::DEFAULTS)) {
                $this->problems[] = "option '{$name}' is unknown (known: file, per_minute)";
                continue;
            }
            [$ok, $values[$name]] = Options::parse($name, $value);
            if (!$ok) {
                $this->problems[] = Options::refusal("option {$name}", $value, $name);
            }
        }
        $this->perMinute = (int) $values['per_minute'];
        $this->store = new FieldFile($values['file'] ?? sys_get_temp_dir() . '/storefront-field-data.json', $clock);
    }

    /** This request's beacon, answered: the status, a fixed line, never anything it sent. */
    public static function answer(array $options = []): void
    {
        $body = '';
        if (($_SERVER['REQUEST_METHOD'] ?? '') === 'POST') {
            $input = fopen('php://input', 'rb');
            $body = (string) stream_get_contents($input, FieldBeacon::MAX_BYTES + 1); // a byte over the cap is enough to refuse it
        }
        $status = ($_SERVER['REQUEST_METHOD'] ?? '') === 'POST'
            ? (new self($options))->receive($body, $_SERVER['CONTENT_TYPE'] ?? null, (string) ($_SERVER['REMOTE_ADDR'] ?? ''))
            : 405;
        http_response_code($status);
        header('Content-Type: text/plain; charset=utf-8');
        header('Cache-Control: no-store');
        if ($status === 405) {
            header('Allow: POST');
        }
        echo FieldBeacon::ANSWERS[$status] ?? ($status === 405 ? "POST field data here.\n" : "Field data is off.\n");
    }

    /** The status for one beacon from $client; its aggregates added when 204. */
    public function receive(string $body, ?string $contentType, string $client): int
    {
        if ($this->problems !== []) {
            if (LogThrottle::first(sys_get_temp_dir() . '/storefront-field-data.logged')) {
                error_log('Storefront field data is off: ' . implode('; ', $this->problems));
            }

            return 503;
        }
        if (!$this->store->allows($client, $this->perMinute)) {
            return 429;
        }
        [$status, $rows] = FieldBeacon::read($body, $contentType);

        return $status === 204 && !$this->store->add($rows) ? 503 : $status;
    }

    /** The command line: report or receive (see above); the exit status. */
    public static function main(array $argv): int
    {
        $command = $argv[1] ?? '';
        $flags = [];
        foreach (array_slice($argv, 2) as $arg) {
            if (!preg_match('/\A--(from|to|device|html|file|content-type|client|per-minute)=(.*)\z/s', $arg, $m)) {
                fwrite(STDERR, "storefront-field-data: unknown argument (see the comment at the top of storefront-field-data.php)\n");

                return 2;
            }
            $flags[$m[1]] = $m[2];
        }
        $options = array_filter(['file' => $flags['file'] ?? null, 'per_minute' => $flags['per-minute'] ?? null], 'is_string');
        $receiver = new self($options);
        if ($receiver->problems !== []) {
            fwrite(STDERR, 'storefront-field-data: ' . implode('; ', $receiver->problems) . "\n");

            return 2;
        }
        if ($command === 'receive') {
            $body = (string) stream_get_contents(STDIN, FieldBeacon::MAX_BYTES + 1);
            $status = $receiver->receive($body, $flags['content-type'] ?? null, $flags['client'] ?? '');
            echo $status, "\n", FieldBeacon::ANSWERS[$status] ?? "Field data is off.\n"; // the status, then the answer's fixed body

            return 0;
        }
        if ($command !== 'report') {
            fwrite(STDERR, "usage: php storefront-field-data.php report [--from=Y-m-d] [--to=Y-m-d] [--device=mobile|desktop] [--html=out.html] [--file=aggregates.json]\n");

            return 2;
        }
        [$from, $to, $refused] = FieldReport::range($flags['from'] ?? null, $flags['to'] ?? null, time());
        $device = $flags['device'] ?? null;
        if ($refused !== null || !in_array($device, [null, 'mobile', 'desktop'], true)) {
            fwrite(STDERR, 'storefront-field-data: ' . ($refused ?? '--device is not mobile or desktop') . "\n");

            return 2;
        }
        $report = new FieldReport($receiver->store->rows($from, $to), $from, $to, $device);
        if (($flags['html'] ?? '') === '-') { // the HTML page alone, to stdout
            echo FieldHtml::page($report);

            return 0;
        }
        echo $report->text();
        if (isset($flags['html'])) {
            if (@file_put_contents($flags['html'], FieldHtml::page($report)) === false) {
                fwrite(STDERR, "storefront-field-data: cannot write {$flags['html']}\n");

                return 1;
            }
            echo "HTML report: {$flags['html']}\n";
        }

        return 0;
    }
}

if (PHP_SAPI === 'cli' && isset($argv[0]) && realpath($argv[0]) === __FILE__) {
    exit(StorefrontFieldData::main($argv));
}
