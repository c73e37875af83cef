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
 * The counts are the pool's: every PHP process of this host and user that calls the service at one URL
 * keeps them in one small file, read and written under an exclusive lock (flock). PHP-FPM forgets a
 * request's memory when it ends, so they cannot live in the process; and each of a pool's workers sees
 * too few requests in a window for counts of its own to say much: measured with 64 workers, per-process
 * counts let through 2–6 times as many refusals as shared ones (docs/render-service.md).
 * The rule (decayed(), probability(), counted()) is pure; the clock and the random source are inputs.
 */
final class Throttle
{
    /**
     * Requests sent per request accepted, at most, while the service refuses. The book's 2 lets one
     * refusal through per render; a refusal costs the service 5–9 % of a render (its HTTP exchange, the
     * body read and dropped), and 1.2 keeps that under 2 % of its core. A healthy service accepts all it
     * is sent, so no K skips anything then.
     */
    public const K = 1.2;

    /**
     * Seconds: a request's weight in the counts falls by e every WINDOW. After a burst the counts say
     * "skip" until the burst's share has faded, and while nearly all is skipped few accepts come in to
     * say the service is back: both take a few WINDOWs. 0.25 s kept some pages in the browser 2.3–2.8 s
     * after a 10× burst; 0.15 s, at most 1.3 s, with the worker as busy in the burst (bench/ssr-php.mjs).
     */
    public const WINDOW = 0.15;

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

    /**
     * The throttle for the service at $url, its counts in a file of $folder shared by this host's PHP
     * processes of this user (another user's file could not be written: its own, beside it).
     */
    public static function forService(string $url, string $folder): self
    {
        $user = function_exists('posix_geteuid') ? posix_geteuid() : getmyuid();

        return new self(rtrim($folder, '/') . '/storefront-throttle-' . substr(md5($url), 0, 8) . "-{$user}.counts");
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
        $skips = false;
        $this->update(function (array $counts) use (&$skips): ?array {
            $skips = ($this->random)() < self::probability($counts[0], $counts[1], $this->k);

            return $skips ? self::counted($counts, false) : null;
        });

        return $skips;
    }

    /** The request skips() let through has its answer: verdict() of it (null: not counted). */
    public function done(?bool $accepted): void
    {
        if ($accepted !== null) {
            $this->update(function (array $counts) use ($accepted): array {
                return self::counted($counts, $accepted);
            });
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

    /**
     * Calls $change with the counts as of now, under the file's lock, and saves what it returns (null:
     * nothing). Counts that cannot be kept (no folder, not writable) are none: every request is sent.
     *
     * @param callable(array{0: float, 1: float, 2: float}): ?array $change
     */
    private function update(callable $change): void
    {
        $file = @fopen($this->file, 'c+');
        if ($file === false || !flock($file, LOCK_EX)) {
            $change([0.0, 0.0, ($this->clock)()]);
            $file === false || fclose($file);

            return;
        }
        // The clock read under the lock: one read before a wait would be older than the counts another
        // process saved meanwhile, which decayed() takes for a clock gone back and forgets.
        $now = ($this->clock)();
        $saved = explode(' ', trim((string) fread($file, 64)));
        // Missing, empty or torn (a process killed mid-write): no counts, which only lets the next request through.
        $counts = count($saved) === 3 && array_filter($saved, 'is_numeric') === $saved ? array_map('floatval', $saved) : [0.0, 0.0, $now];
        $changed = $change(self::decayed($counts, $now));
        if ($changed !== null) {
            // Written over in place, one width always, never truncated: on ext4 a file truncated and written
            // again is flushed on close (auto_da_alloc), which took 1.4 ms a page on a busy disk, against 18 µs.
            rewind($file);
            fwrite($file, str_pad(sprintf('%.6F %.6F %.6F', ...$changed), 64));
            fflush($file);
        }
        fclose($file); // and with it the lock
    }
}
