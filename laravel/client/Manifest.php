<?php

namespace StorefrontWidgets\Ssr;

/** The bundle's manifest.json (Vite's format): its entry, and the render version the build wrote there. */
final class Manifest
{
    /** The bundle's entry in its manifest. */
    public const ENTRY = 'widgets/storefront.ts';

    /** @var array<string, array{0: string|false, 1: array{json: string, manifest: array}|null}> file => [time and size, what it holds] */
    private static $read = [];

    /**
     * The manifest at $file, as text and decoded (null: none, or not JSON), read once per PHP process
     * and again only when the file changes (its time and size): not decoded on every page.
     *
     * @return array{json: string, manifest: array}|null
     */
    public static function read(string $file): ?array
    {
        $stat = @stat($file);
        $changed = $stat === false ? false : $stat['mtime'] . ':' . $stat['size'];
        if (!isset(self::$read[$file]) || self::$read[$file][0] !== $changed) {
            $json = $changed === false ? false : @file_get_contents($file);
            $manifest = $json === false ? null : json_decode($json, true);
            self::$read[$file] = [$changed, is_array($manifest) ? ['json' => $json, 'manifest' => $manifest] : null];
        }

        return self::$read[$file][1];
    }

    /**
     * The render version the manifest's entry names (null: none, or not one the header can carry):
     * the render service renders a page's hooks only for the build the page loads.
     */
    public static function renderVersion(?array $manifest): ?string
    {
        $version = $manifest[self::ENTRY]['renderVersion'] ?? null;

        return is_string($version) && preg_match('/^[\w.-]{1,64}$/', $version) ? $version : null;
    }
}
