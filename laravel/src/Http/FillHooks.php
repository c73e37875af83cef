<?php

namespace StorefrontWidgets\Laravel\Http;

use Closure;
use Illuminate\Http\Request;
use StorefrontWidgets\Laravel\Page;
use StorefrontWidgets\Laravel\Storefront;
use Symfony\Component\HttpFoundation\BinaryFileResponse;
use Symfony\Component\HttpFoundation\StreamedResponse;

/**
 * Fills the page's hooks once the whole response is rendered, so one request
 * to the render service serves every hook, whichever view printed it. On the
 * `web` group (config storefront.middleware_group); a hook rendered where it
 * does not run stays empty and renders in the browser.
 */
class FillHooks
{
    public function handle(Request $request, Closure $next)
    {
        // A page of its own for each request, even when one app serves many (Octane, tests).
        app()->forgetInstance(Page::class);
        app(Page::class)->collect();
        try {
            $response = $next($request);
            if (app(Page::class)->hasHooks()
                && ! $response instanceof StreamedResponse
                && ! $response instanceof BinaryFileResponse) {
                $content = $response->getContent();
                if (is_string($content) && $content !== '') {
                    // Server HTML only into HTML: a view rendered into JSON keeps its hooks empty.
                    $type = (string) $response->headers->get('Content-Type', 'text/html');
                    $response->setContent(app(Storefront::class)->fill($content, stripos($type, 'text/html') === 0));
                }
            }
        } finally {
            app()->forgetInstance(Page::class);
        }

        return $response;
    }
}
