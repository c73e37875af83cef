<?php

namespace App;

/** Teasers as an Eloquent model's toArray() gives them: decimals as strings, flags as 0/1, nulls. */
class Catalog
{
    public static function teasers(int $count): array
    {
        $titles = [
            'Pokémon "Base" Set \'Booster\' <Box> & Co',
            '</script><script>alert(1)</script> Chrome',
            'Topps &quot;Chrome&quot; 🃏 Hobby',
            'Upper Deck Series 1',
        ];
        $teasers = [];
        for ($i = 1; $i <= $count; $i++) {
            $teasers[] = [
                'id' => $i,
                'title' => $titles[($i - 1) % count($titles)].' #'.$i,
                'slug' => 'card-box-'.$i,
                'mainImage' => '/img/card.svg?v='.$i,
                'price' => number_format(10 + $i * 1.25, 2, '.', ''),
                'listPrice' => null,
                'sale' => $i % 5 === 0 ? 1 : 0,
                'isNew' => $i % 7 === 0 ? '1' : '0',
                'available' => (string) (10 + $i),
                'showATC' => 1,
                'rewardRedemptionOnly' => 0,
                'presale' => null,
            ];
        }

        return $teasers;
    }

    public static function find(int $id): ?array
    {
        return $id >= 1 && $id <= 2000 ? self::teasers($id)[$id - 1] : null;
    }
}
