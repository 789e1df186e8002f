<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * FormBody's helper: collects the known fields; anything that is not exactly one plain value (a repeated
 * field, "name[]", a file) becomes a list, which Validator refuses as "not text".
 *
 * @internal
 */
final class FieldCollector
{
    /** @var array<string, list<string>> */
    private array $values = [];
    /** @var array<string, true> */
    private array $notText = [];

    public function add(string $name, string $value, bool $isFile): void
    {
        // "name[]" / "name[x]" is PHP's array syntax: the field, but not as text.
        $base = $name;
        if (preg_match('/^([^\[]+)\[/', $name, $m) === 1) {
            $base = $m[1];
            $this->notText[$base] = true;
        }
        if (!in_array($base, FormBody::FIELDS, true)) {
            return;
        }
        if ($isFile) {
            $this->notText[$base] = true;
        }
        $this->values[$base][] = $value;
    }

    /** @return array<string, string|list<string>> */
    public function toArray(): array
    {
        $fields = [];
        foreach ($this->values as $name => $values) {
            $fields[$name] = count($values) === 1 && !isset($this->notText[$name]) ? $values[0] : $values;
        }

        return $fields;
    }
}
