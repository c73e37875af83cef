<?php

namespace StorefrontWidgets\Laravel\Http;

use Closure;
use Illuminate\Http\Request;
use StorefrontWidgets\Laravel\Storefront;
use Symfony\Component\HttpFoundation\BinaryFileResponse;
use Symfony\Component\HttpFoundation\StreamedResponse;

/**
 * Fills the page's hooks once the whole response is rendered, so one request
 * to the render service serves every hook, whichever view printed it.
 */
class FillHooks
{
    /** @var Storefront */
    private $storefront;

    public function __construct(Storefront $storefront)
    {
        $this->storefront = $storefront;
    }

    public function handle(Request $request, Closure $next)
    {
        $this->storefront->flush();
        $response = $next($request);
        try {
            if ($this->storefront->hasPendingHooks()
                && ! $response instanceof StreamedResponse
                && ! $response instanceof BinaryFileResponse) {
                $content = $response->getContent();
                if (is_string($content) && $content !== '') {
                    // Server HTML only into HTML: a view rendered into JSON keeps its hooks empty.
                    $type = (string) $response->headers->get('Content-Type', 'text/html');
                    $response->setContent($this->storefront->fill($content, stripos($type, 'text/html') === 0));
                }
            }
        } finally {
            $this->storefront->flush();
        }

        return $response;
    }
}
