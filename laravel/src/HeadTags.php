<?php

namespace StorefrontWidgets\Laravel;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Support\Facades\Log;
use StorefrontWidgets\Ssr\LogThrottle;
use StorefrontWidgets\Ssr\Manifest;

/** The head tags of the package's build (its manifest.json, in Vite's format), as published in public/storefront/<build>/. */
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

        $config = $this->app->make('config');
        $dir = trim((string) $config->get('storefront.path'), '/');
        $bundle = Builds::read((string) $config->get('storefront.bundle'));
        if ($bundle === null) {
            return $html.$this->missing($nonceAttr, "[storefront] No bundle at {$config->get('storefront.bundle')}/manifest.json: build the package (npm run build) or set STOREFRONT_BUNDLE. The islands do not load.");
        }
        $builds = new Builds('', public_path($dir));
        if (! $builds->isPublished($bundle['id'])) {
            // Between a deploy and its storefront:publish: the build published last (its islands
            // render in the browser where the server HTML is the new build's).
            $newest = $builds->newest();
            if ($newest === null) {
                return $html.$this->missing($nonceAttr, "[storefront] Build {$bundle['id']} is not in public/{$dir}: run php artisan storefront:publish. The islands do not load.");
            }
            $this->logOnce("Storefront build {$bundle['id']} is not in public/{$dir}: pages get build {$newest['id']} until php artisan storefront:publish.");
            $bundle = $newest;
        }
        $manifest = $bundle['manifest'];
        $entry = $manifest[Storefront::ENTRY] ?? null;
        if (! is_array($entry) || ! isset($entry['file'])) {
            return $html.$this->missing($nonceAttr, "[storefront] The manifest of build {$bundle['id']} has no ".Storefront::ENTRY.'. The islands do not load.');
        }
        // The render service renders this page's hooks only for the bundle it loads.
        $this->storefront->page()->loads(Manifest::renderVersion($manifest));
        $dir .= '/'.$bundle['id'];

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

    /** One console error on the page, one warning line per minute in the log. */
    private function missing(string $nonceAttr, string $message): string
    {
        $this->logOnce($message);

        return '<script'.$nonceAttr.'>console.error('.Storefront::json($message).')</script>';
    }

    /** One warning line per minute for each message, across the machine's PHP workers. */
    private function logOnce(string $message): void
    {
        if (LogThrottle::first(RenderClient::logFile('head-'.md5($message)))) {
            Log::warning($message);
        }
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
