<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Filesystem\Filesystem;
use RuntimeException;
use StorefrontWidgets\Ssr\Manifest;

/**
 * The published builds in public/storefront/ (config storefront.path): one
 * folder per build, named by its manifest's hash, so a page keeps the build it
 * was served with while newer builds are published beside it. builds.json
 * records when each was published; a build is pruned once a newer one has
 * replaced it for longer than the hours kept.
 */
class Builds
{
    /** The record of the published builds: build id => when it was published (Unix time). */
    public const RECORD = 'builds.json';

    /** @var string the built bundle (config storefront.bundle) */
    private $bundle;

    /** @var string the folder builds are published in, public/storefront */
    private $public;

    /** @var Filesystem */
    private $files;

    public function __construct(string $bundle, string $public)
    {
        $this->bundle = rtrim($bundle, '/');
        $this->public = rtrim($public, '/');
        $this->files = new Filesystem;
    }

    /**
     * The bundle's build id and manifest, or null when it has none. Read once
     * per process (and again only when its manifest.json changes: time, size).
     *
     * @return array{id: string, manifest: array}|null
     */
    public static function read(string $bundle): ?array
    {
        $read = Manifest::read(rtrim($bundle, '/').'/manifest.json');

        return $read === null ? null : ['id' => substr(hash('sha256', $read['json']), 0, 12), 'manifest' => $read['manifest']];
    }

    /** Whether build $id is in public/storefront (its folder is complete: it is renamed into place). */
    public function isPublished(string $id): bool
    {
        return is_file($this->public.'/'.$id.'/manifest.json');
    }

    /**
     * Copies the bundle into public/storefront/<id>/ (once: a build already
     * there is only made the newest again, as after a rollback) and records
     * it as published now.
     * Pages see the folder complete or not at all.
     *
     * @return array{id: string, copied: bool}
     */
    public function publish(int $now): array
    {
        $bundle = self::read($this->bundle);
        if ($bundle === null) {
            throw new RuntimeException("No bundle at {$this->bundle}/manifest.json: build the package (npm run build) or set STOREFRONT_BUNDLE.");
        }
        $id = $bundle['id'];
        $copied = false;
        if (! $this->isPublished($id)) {
            $this->files->ensureDirectoryExists($this->public);
            $temp = $this->public.'/.tmp-'.$id.'-'.getmypid();
            $this->files->deleteDirectory($temp);
            if (! $this->files->copyDirectory($this->bundle, $temp)) {
                throw new RuntimeException("Could not copy {$this->bundle} into {$temp}.");
            }
            $this->files->deleteDirectory($this->public.'/'.$id); // a folder left half-copied by hand
            if (! @rename($temp, $this->public.'/'.$id)) {
                throw new RuntimeException("Could not move {$temp} to {$this->public}/{$id}.");
            }
            $copied = true;
        }
        $record = $this->published();
        // The newest already (a deploy that did not change the bundle): its time stays, so the build it replaced is pruned on time.
        if ((string) array_key_last($record) !== $id) {
            unset($record[$id]);
            $record[$id] = $now;
            $this->write($record);
        }

        return ['id' => $id, 'copied' => $copied];
    }

    /**
     * Removes each build a newer one replaced more than $keepHours ago; the
     * newest is always kept. Folders the record does not name are left alone.
     *
     * @return array{removed: string[], kept: string[]}
     */
    public function prune(float $keepHours, int $now): array
    {
        $record = $this->published();
        $ids = self::ids($record);
        $removed = [];
        foreach ($ids as $n => $id) {
            $replacedAt = isset($ids[$n + 1]) ? $record[$ids[$n + 1]] : null;
            if ($replacedAt !== null && $now - $replacedAt >= $keepHours * 3600) {
                $this->files->deleteDirectory($this->public.'/'.$id);
                unset($record[$id]);
                $removed[] = $id;
            }
        }
        $this->write($record);

        return ['removed' => $removed, 'kept' => self::ids($record)];
    }

    /**
     * The build published last that is still there, with its manifest, or null.
     *
     * @return array{id: string, manifest: array}|null
     */
    public function newest(): ?array
    {
        foreach (array_reverse(self::ids($this->published())) as $id) {
            if ($this->isPublished($id)) {
                $build = self::read($this->public.'/'.$id);
                if ($build !== null) {
                    return ['id' => $id, 'manifest' => $build['manifest']];
                }
            }
        }

        return null;
    }

    /**
     * The record's build ids as strings: PHP turns an id of digits only (a
     * hash can be one, 1 in 280) into an integer key.
     *
     * @return string[]
     */
    private static function ids(array $record): array
    {
        return array_map('strval', array_keys($record));
    }

    /** @return array<string, int> build id => when it was published, oldest first */
    public function published(): array
    {
        $file = $this->public.'/'.self::RECORD;
        $record = is_file($file) ? json_decode((string) file_get_contents($file), true) : [];

        $record = is_array($record) ? array_filter($record, 'is_int') : [];
        asort($record);

        return $record;
    }

    private function write(array $record): void
    {
        $this->files->ensureDirectoryExists($this->public);
        $temp = $this->public.'/.'.self::RECORD.'-'.getmypid();
        file_put_contents($temp, json_encode($record, JSON_PRETTY_PRINT)."\n");
        rename($temp, $this->public.'/'.self::RECORD);
    }
}
