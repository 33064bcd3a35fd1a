#!/usr/bin/env bash
# Lints the committed API descriptions (docs/openapi/*.json) with Spectral: OpenAPI rules, the OWASP API ruleset
# and ours (.spectral.mjs). Installs the exact packages of package-lock.json first (npm ci, scripts off), and only
# when the lock file changed since the last install. The gateway's build runs it; so can anyone: tools/openapi-lint/lint.sh
set -euo pipefail
cd "$(dirname "$0")"
export SCARF_ANALYTICS=false
if ! cmp -s package-lock.json node_modules/.installed-lock 2>/dev/null; then
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock
fi
exec node_modules/.bin/spectral lint --ruleset .spectral.mjs --fail-severity error --display-only-failures \
  --format stylish ../../docs/openapi/*.json
