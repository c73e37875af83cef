<?php

namespace StorefrontWidgets\Laravel\FieldData;

use Illuminate\Database\ConnectionInterface;
use Illuminate\Database\Query\Expression;

/**
 * Field data's store in the app's database (the migration of database/migrations): durable, shared by
 * every server of the app, and summed where it is kept: each beacon's rows are added in one statement,
 * `n = n + the beacon's count` (an upsert; MySQL, MariaDB, PostgreSQL, SQLite, SQL Server), so that concurrent
 * beacons never lose a count. The cache would be neither: evicted at will, and no way to list its keys
 * for a date range. Bounded: a page type and an island are the beacon's words, so made-up ones could
 * add rows without end; past MAX_ROWS a day, a beacon only adds to the rows that day has.
 */
class Store
{
    public const TABLE = 'storefront_field_data';

    /** Rows a day may hold, about 10 MB (a busy shop's day, estimated: 10 pages × 15 islands × 2 devices × 10 metrics × 8 buckets). */
    public const MAX_ROWS = 100000;

    /** @var ConnectionInterface */
    private $db;

    /** @var int */
    private $maxRows;

    public function __construct(ConnectionInterface $db, int $maxRows = self::MAX_ROWS)
    {
        $this->db = $db;
        $this->maxRows = $maxRows;
    }

    /** Adds a beacon's rows (FieldBeacon::read) to $day's (Y-m-d, UTC). */
    public function add(array $rows, string $day): void
    {
        $values = [];
        // In the key's order: two beacons at once lock their common rows in one order (InnoDB: no deadlock).
        usort($rows, function (array $a, array $b): int {
            return [$a[0], $a[2], $a[4]] <=> [$b[0], $b[2], $b[4]];
        });
        foreach ($rows as [$metric, $page, $island, $device, $bucket, $n]) {
            $values[] = compact('day', 'metric', 'page', 'island', 'device', 'bucket', 'n');
        }
        if ($this->db->table(self::TABLE)->where('day', $day)->count() + count($values) > $this->maxRows) {
            foreach ($values as $row) { // the day is full: no new row, each existing one counts (atomically)
                $this->db->table(self::TABLE)->where(array_diff_key($row, ['n' => 0]))->increment('n', $row['n']);
            }

            return;
        }
        // The upsert's sum, in each grammar Laravel has an upsert for (`values(n)`, `excluded`, MERGE's `laravel_source`).
        $table = $this->db->getTablePrefix().self::TABLE;
        $sum = ['mysql' => 'n + values(n)', 'mariadb' => 'n + values(n)', 'sqlsrv' => "$table.n + laravel_source.n"][$this->db->getDriverName()] ?? "$table.n + excluded.n";
        $this->db->table(self::TABLE)->upsert($values, ['day', 'metric', 'page', 'island', 'device', 'bucket'], ['n' => new Expression($sum)]);
    }

    /**
     * The rows from $from to $to (Y-m-d, both included), as FieldReport reads them.
     *
     * @return \Generator<array{0: string, 1: string, 2: string, 3: string, 4: int, 5: int}>
     */
    public function rows(string $from, string $to): \Generator
    {
        $query = $this->db->table(self::TABLE)->whereBetween('day', [$from, $to])
            ->select(['metric', 'page', 'island', 'device', 'bucket', 'n'])->orderBy('id');
        foreach ($query->cursor() as $row) {
            yield [$row->metric, $row->page, $row->island, $row->device, (int) $row->bucket, (int) $row->n];
        }
    }
}
