<?php

namespace StorefrontWidgets\Ssr;

/**
 * Overload turned away at the client: the adaptive throttling of Google's SRE book ("Handling Overload").
 * Each PHP worker counts, over a recent window, the render requests its pages made (those it skipped
 * too) and the ones the service accepted (rendered: an answer without X-Storefront-Shed), and skips
 * the call locally, at once, with probability max(0, (requests − K·accepts) / (requests + 1)): its
 * hooks stay empty and render in the browser, as when the service is down. A request the service
 * refuses still costs it its HTTP exchange; one never sent costs it nothing.
 *
 * The window: each request counts e^(−age / WINDOW), so after a burst the counts forget it within a
 * few WINDOWs and pages get server HTML again (docs/render-service.md, "Overload at the client").
 *
 * The counts are this PHP process's, kept in a small file of its own (PHP-FPM forgets a request's
 * memory when it ends, statics too; the worker process lives on): no lock, no other worker's writes.
 * The rule (decayed(), probability(), counted()) is pure; the clock and the random source are inputs.
 */
final class Throttle
{
    /** Requests sent per request accepted, at most, while the service refuses: the book's 2. */
    public const K = 2.0;

    /** Seconds: a request's weight in the counts falls by e every WINDOW. */
    public const WINDOW = 0.5;

    /** What the service says on an answer it did not render (every hook '', refused at once). */
    public const SHED_HEADER = 'X-Storefront-Shed';

    /** @var string */
    private $file;
    /** @var callable(): float seconds, monotonic */
    private $clock;
    /** @var callable(): float in [0, 1) */
    private $random;
    /** @var float */
    private $k;
    /** @var array{0: float, 1: float, 2: float} requests, accepts, when (seconds of $clock) */
    private $counts = [0.0, 0.0, 0.0];

    public function __construct(string $file, ?callable $clock = null, ?callable $random = null, float $k = self::K)
    {
        $this->file = $file;
        $this->clock = $clock ?? function (): float {
            return hrtime(true) / 1e9;
        };
        $this->random = $random ?? function (): float {
            return mt_rand() / (mt_getrandmax() + 1);
        };
        $this->k = $k;
    }

    /** The throttle of this PHP process for the service at $url, its counts in a file of $folder. */
    public static function forService(string $url, string $folder): self
    {
        return new self(rtrim($folder, '/') . '/storefront-throttle-' . substr(md5($url), 0, 8) . '-' . getmypid() . '.counts');
    }

    /** The counts $age seconds later: each weighs e^(−age / window) as much. A clock gone back (a reboot): none. */
    public static function decayed(array $counts, float $now, float $window = self::WINDOW): array
    {
        [$requests, $accepts, $at] = $counts;
        if ($now < $at) {
            return [0.0, 0.0, $now];
        }
        $keep = exp(-($now - $at) / $window);

        return [$requests * $keep, $accepts * $keep, $now];
    }

    /** The probability of skipping the next request: max(0, (requests − K·accepts) / (requests + 1)). */
    public static function probability(float $requests, float $accepts, float $k = self::K): float
    {
        return max(0.0, ($requests - $k * $accepts) / ($requests + 1));
    }

    /** The counts with one more request, accepted or not. */
    public static function counted(array $counts, bool $accepted): array
    {
        return [$counts[0] + 1, $counts[1] + ($accepted ? 1 : 0), $counts[2]];
    }

    /** Whether to skip this request; a skipped one is counted at once (not accepted), a sent one by done(). */
    public function skips(): bool
    {
        $this->counts = self::decayed($this->load(), ($this->clock)());
        if (($this->random)() >= self::probability($this->counts[0], $this->counts[1], $this->k)) {
            return false;
        }
        $this->save(self::counted($this->counts, false));

        return true;
    }

    /** The request skips() let through has its answer: verdict() of it (null: not counted). */
    public function done(?bool $accepted): void
    {
        if ($accepted !== null) {
            $this->save(self::counted(self::decayed($this->counts, ($this->clock)()), $accepted));
        }
    }

    /**
     * What an answer says of the service's load: accepted (true) when it is one HTML string per hook
     * ($whole) without X-Storefront-Shed, the service rendered it; refused (false) when the service
     * shed it (its deadline, its warm-up) or gave no whole answer (an error, down, too slow); null when
     * it refused a page of another build (`version`), which says nothing of its load.
     *
     * @param array<string, string[]|string> $headers the answer's, by name in any case
     */
    public static function verdict(bool $whole, array $headers): ?bool
    {
        $shed = (array) (array_change_key_case($headers)[strtolower(self::SHED_HEADER)] ?? []);

        return $whole && in_array('version', $shed, true) ? null : $whole && $shed === [];
    }

    /** @return array{0: float, 1: float, 2: float} the counts last saved (none: zeros) */
    private function load(): array
    {
        $saved = @file_get_contents($this->file);
        $counts = is_string($saved) ? explode(' ', trim($saved)) : [];

        return count($counts) === 3 && array_filter($counts, 'is_numeric') === $counts ? array_map('floatval', $counts) : [0.0, 0.0, ($this->clock)()];
    }

    private function save(array $counts): void
    {
        $this->counts = $counts;
        // Written over in place, one width always, never truncated: on ext4 a file truncated and written
        // again is flushed on close (auto_da_alloc), which took 1.4 ms a page on a busy disk, against 18 µs.
        // A torn write reads as no counts, which only lets the next request through.
        $file = @fopen($this->file, 'c');
        if ($file !== false) {
            fwrite($file, str_pad(sprintf('%.6F %.6F %.6F', ...$counts), 64));
            fclose($file);
        }
    }
}
