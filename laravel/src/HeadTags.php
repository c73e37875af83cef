<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\Log;

/** The head tags, read from the published manifest.json (Vite's format). */
class HeadTags
{
    /** @var Application */
    private $app;

    /** @var Storefront */
    private $storefront;

    public function __construct(Application $app, Storefront $storefront)
    {
        $this->app = $app;
        $this->storefront = $storefront;
    }

    public function render(?string $nonce): string
    {
        $nonceAttr = $nonce === null || $nonce === '' ? '' : ' nonce="'.e($nonce).'"';
        $html = '';
        $token = $this->csrfToken();
        if ($token !== null) {
            $html .= '<meta name="csrf-token" content="'.e($token).'">'."\n";
        }
        $html .= '<script type="application/json" id="storefront-config">'.Storefront::json($this->storefront->pageConfig()).'</script>'."\n";

        $dir = trim((string) $this->app->make('config')->get('storefront.path', 'storefront'), '/');
        $manifestPath = public_path().'/'.$dir.'/manifest.json';
        $manifest = is_file($manifestPath) ? json_decode((string) file_get_contents($manifestPath), true) : null;
        $entry = is_array($manifest) ? ($manifest[Storefront::ENTRY] ?? null) : null;
        if (! is_array($entry) || ! isset($entry['file'])) {
            $message = "[storefront] No bundle at public/{$dir}/manifest.json: run php artisan vendor:publish --tag=storefront-assets. The islands do not load.";
            try {
                $log = Cache::add('storefront:manifest-missing-logged', true, RenderClient::LOG_EVERY);
            } catch (\Throwable $e) {
                $log = true;
            }
            if ($log) {
                Log::warning($message);
            }

            return $html.'<script'.$nonceAttr.'>console.error('.Storefront::json($message).')</script>';
        }

        $url = function (string $file) use ($dir) {
            return e(asset($dir.'/'.$file));
        };
        foreach ($entry['css'] ?? [] as $css) {
            $html .= '<link rel="stylesheet" href="'.$url($css).'"'.$nonceAttr.'>'."\n";
        }
        foreach ($this->imports($manifest, $entry) as $file) {
            $html .= '<link rel="modulepreload" href="'.$url($file).'"'.$nonceAttr.'>'."\n";
        }
        $html .= '<script type="module" src="'.$url($entry['file']).'"'.$nonceAttr.'></script>';

        $stale = $this->staleWarning($manifestPath, $dir);
        if ($stale !== null) {
            $html .= "\n".'<script'.$nonceAttr.'>console.warn('.Storefront::json($stale).')</script>';
        }

        return $html;
    }

    /** The entry's static imports, depth first, each once (what Vite preloads). */
    private function imports(array $manifest, array $chunk, array &$seen = []): array
    {
        $files = [];
        foreach ($chunk['imports'] ?? [] as $key) {
            if (isset($seen[$key]) || ! isset($manifest[$key]['file'])) {
                continue;
            }
            $seen[$key] = true;
            $files[] = $manifest[$key]['file'];
            $files = array_merge($files, $this->imports($manifest, $manifest[$key], $seen));
        }

        return $files;
    }

    /** A warning when the published bundle is not the one the package has (a build since the last publish). */
    private function staleWarning(string $publishedManifest, string $dir): ?string
    {
        $source = StorefrontServiceProvider::bundlePath($this->app).'/manifest.json';
        if (! is_file($source) || realpath($source) === realpath($publishedManifest)) {
            return null;
        }
        if (filemtime($source) <= filemtime($publishedManifest) || file_get_contents($source) === file_get_contents($publishedManifest)) {
            return null;
        }

        return "[storefront] public/{$dir} is older than the bundle this package has: run php artisan vendor:publish --tag=storefront-assets --force";
    }

    private function csrfToken(): ?string
    {
        if (! $this->app->bound('session')) {
            return null;
        }
        $request = $this->app->bound('request') ? $this->app->make('request') : null;
        if ($request === null || ! $request->hasSession()) {
            return null;
        }

        return $request->session()->token();
    }
}
