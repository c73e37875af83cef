<?php

namespace StorefrontWidgets\Ssr;

/**
 * A page's hooks waiting for their server HTML: each hook's element holds a placeholder (its
 * number and this page's token, which page content cannot guess) until fill() puts the HTML in.
 */
final class Hooks
{
    /** json_encode flags for the config block and data-props: <, >, &, ' and " inside strings become \u escapes. */
    public const JSON_FLAGS = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_PARTIAL_OUTPUT_ON_ERROR;

    /** @var array<int, array{widget: string, props: mixed}> */
    private $hooks = [];

    /** @var string */
    private $token;

    public function __construct()
    {
        $this->token = bin2hex(random_bytes(8));
    }

    /** JSON that can sit in a <script> block or an attribute: <, >, &, ' and " inside strings are \u escapes. */
    public static function json($value): string
    {
        return (string) json_encode($value, self::JSON_FLAGS);
    }

    /**
     * A hook's element, `<$tag data-widget="$widget" data-props='…' $attributes>$inner</$tag>`;
     * $attributes and $inner are printed as given, a $tag that is not a tag name is a div.
     */
    public static function element(string $widget, $props, string $tag, string $attributes, string $inner): string
    {
        $tag = preg_match('/^[a-z][a-z0-9-]*$/i', $tag) ? $tag : 'div';
        $open = '<' . $tag . ' data-widget="' . htmlspecialchars($widget, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8') . '"';
        if ($props !== null && $props !== []) {
            // Single quotes need no escaping: every ', &, < and > inside the JSON's strings is a \u escape.
            $open .= " data-props='" . self::json($props) . "'";
        }

        return $open . ($attributes === '' ? '' : ' ' . $attributes) . '>' . $inner . '</' . $tag . '>';
    }

    /** The placeholder of a new hook. */
    public function add(string $widget, $props): string
    {
        $this->hooks[] = ['widget' => $widget, 'props' => $props === [] ? null : $props];

        return '<!--storefront-hook:' . $this->token . ':' . (count($this->hooks) - 1) . '-->';
    }

    public function isEmpty(): bool
    {
        return $this->hooks === [];
    }

    /**
     * $html with each placeholder replaced by its hook's HTML: $render gets the hooks still in $html
     * (one the page printed into a discarded buffer is not), in page order, and gives their HTML.
     *
     * @param callable(array $hooks): string[]|null $render null: every hook stays empty
     */
    public function fill(string $html, ?callable $render): string
    {
        $pattern = '/<!--storefront-hook:' . $this->token . ':(\d+)-->/';
        if ($this->hooks === [] || !preg_match_all($pattern, $html, $matches)) {
            return $html;
        }
        $indexes = array_values(array_intersect(array_unique(array_map('intval', $matches[1])), array_keys($this->hooks)));
        $rendered = [];
        if ($render !== null && $indexes !== []) {
            $hooks = array_map(function ($i) {
                return $this->hooks[$i];
            }, $indexes);
            foreach ($render($hooks) as $n => $hookHtml) {
                $rendered[$indexes[$n]] = $hookHtml;
            }
        }

        return (string) preg_replace_callback($pattern, function ($m) use ($rendered) {
            return $rendered[(int) $m[1]] ?? '';
        }, $html);
    }
}
