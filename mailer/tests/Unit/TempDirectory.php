<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

/** A fresh directory per test, removed afterwards. */
trait TempDirectory
{
    private string $dir = '';

    protected function makeTempDirectory(): string
    {
        $this->dir = sys_get_temp_dir() . '/salon-outbox-test-' . bin2hex(random_bytes(6));
        mkdir($this->dir, 0700);

        return $this->dir;
    }

    protected function removeTempDirectory(): void
    {
        if ($this->dir === '' || !is_dir($this->dir)) {
            return;
        }
        $items = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($this->dir, \FilesystemIterator::SKIP_DOTS),
            \RecursiveIteratorIterator::CHILD_FIRST,
        );
        foreach ($items as $item) {
            $item->isDir() && !$item->isLink() ? rmdir($item->getPathname()) : unlink($item->getPathname());
        }
        rmdir($this->dir);
    }

    /** @return list<string> every name in the directory, dotfiles included */
    protected function namesIn(string $dir): array
    {
        return array_values(array_diff(scandir($dir) ?: [], ['.', '..']));
    }
}
