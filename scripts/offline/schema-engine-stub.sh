#!/bin/sh
# Stand-in for Prisma's schema-engine binary, which cannot be downloaded on
# these machines. `prisma generate` only checks that it exists; migrations go
# through the WASM engine (scripts/db.mjs).
echo "schema-engine stub: use npm run db:migrate" >&2
exit 1
