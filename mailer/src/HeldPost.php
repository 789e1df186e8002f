<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** A message just held (HeldMessages::hold): its id and what its sender needs to confirm it. */
final readonly class HeldPost
{
    public function __construct(
        public string $id,
        /** "<id>.<secret>": given to the sender's page once, never stored (only the secret's hash is). */
        public string $token,
        public Confirmation $confirmation,
    ) {
    }
}
