#!/usr/bin/env bash
# Creates the Secrets the chart refers to but never invents, each only if it does not exist yet (so running
# it again never rotates a key):
#   <fullname>-caller-token          private-key (PKCS#8 EC P-256), public-key
#   <fullname>-service-token         private-key (PKCS#8 EC P-256), public-key: the services' calls to each other
#   <fullname>-admin-token           admin-token
#   <fullname>-webhooks-secret-key   secret-key (base64 of 32 random bytes; keep it: see helm/README.md)
#   <fullname>-app-cookie-key        cookie-key (base64 of 32 random bytes)
#   <fullname>-crm-integrations-sealing-key  sealing-key (base64 of 32 random bytes; keep it: see helm/README.md)
#   <fullname>-compliance-access-sealing-key  sealing-key (base64 of 32 random bytes; keep it: see helm/README.md)
#   <fullname>-keycloak              client-secret (the Keycloak sign-in client's, set on it by the auth service)
#   <fullname>-keycloak-admin        client-id (platform-provisioner), client-secret: the provisioning client (with
#                                    the Keycloak operator, its bootstrap admin; otherwise make Keycloak's match)
# and, with --database-logins, one login per service (type kubernetes.io/basic-auth):
#   <fullname>-<service>-db          username (the service's schema name), password
#
#   helm/create-secrets.sh <namespace> <fullname> [--database-logins]
#
# <fullname> is the chart's resource prefix: <release>-storage-platform, or the release name when it already
# contains "storage-platform". Needs kubectl (pointed at the cluster) and openssl.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
namespace="$1"
fullname="$2"
database_logins=false
[[ "${3:-}" == "--database-logins" ]] && database_logins=true

kube() { kubectl --namespace "$namespace" "$@"; }
exists() { kube get secret "$1" >/dev/null 2>&1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if exists "$fullname-caller-token"; then
  echo "kept    $fullname-caller-token"
else
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/caller-token.key" 2>/dev/null
  openssl pkey -in "$work/caller-token.key" -pubout -out "$work/caller-token.pub"
  kube create secret generic "$fullname-caller-token" \
    --from-file=private-key="$work/caller-token.key" --from-file=public-key="$work/caller-token.pub" >/dev/null
  echo "created $fullname-caller-token"
fi

if exists "$fullname-service-token"; then
  echo "kept    $fullname-service-token"
else
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/service-token.key" 2>/dev/null
  openssl pkey -in "$work/service-token.key" -pubout -out "$work/service-token.pub"
  kube create secret generic "$fullname-service-token" \
    --from-file=private-key="$work/service-token.key" --from-file=public-key="$work/service-token.pub" >/dev/null
  echo "created $fullname-service-token"
fi

if exists "$fullname-admin-token"; then
  echo "kept    $fullname-admin-token"
else
  kube create secret generic "$fullname-admin-token" --from-literal=admin-token="$(openssl rand -hex 32)" >/dev/null
  echo "created $fullname-admin-token"
fi

if exists "$fullname-webhooks-secret-key"; then
  echo "kept    $fullname-webhooks-secret-key"
else
  kube create secret generic "$fullname-webhooks-secret-key" --from-literal=secret-key="$(openssl rand -base64 32)" >/dev/null
  echo "created $fullname-webhooks-secret-key"
fi

if exists "$fullname-app-cookie-key"; then
  echo "kept    $fullname-app-cookie-key"
else
  kube create secret generic "$fullname-app-cookie-key" --from-literal=cookie-key="$(openssl rand -base64 32)" >/dev/null
  echo "created $fullname-app-cookie-key"
fi

if exists "$fullname-crm-integrations-sealing-key"; then
  echo "kept    $fullname-crm-integrations-sealing-key"
else
  kube create secret generic "$fullname-crm-integrations-sealing-key" \
    --from-literal=sealing-key="$(openssl rand -base64 32)" >/dev/null
  echo "created $fullname-crm-integrations-sealing-key"
fi

if exists "$fullname-compliance-access-sealing-key"; then
  echo "kept    $fullname-compliance-access-sealing-key"
else
  kube create secret generic "$fullname-compliance-access-sealing-key" \
    --from-literal=sealing-key="$(openssl rand -base64 32)" >/dev/null
  echo "created $fullname-compliance-access-sealing-key"
fi

if exists "$fullname-keycloak"; then
  echo "kept    $fullname-keycloak"
else
  kube create secret generic "$fullname-keycloak" --from-literal=client-secret="$(openssl rand -hex 32)" >/dev/null
  echo "created $fullname-keycloak"
fi

if exists "$fullname-keycloak-admin"; then
  echo "kept    $fullname-keycloak-admin"
else
  kube create secret generic "$fullname-keycloak-admin" --from-literal=client-id=platform-provisioner \
    --from-literal=client-secret="$(openssl rand -hex 32)" >/dev/null
  echo "created $fullname-keycloak-admin"
fi

if $database_logins; then
  # service:login, as in values.yaml (services.<service>.database.username).
  for pair in auth-service:auth catalogue-service:catalogue commerce-service:commerce billing-service:billing \
              crm-service:crm compliance-service:compliance webhook-dispatcher:webhooks; do
    service="${pair%%:*}"
    login="${pair##*:}"
    name="$fullname-$service-db"
    if exists "$name"; then
      echo "kept    $name"
    else
      kube create secret generic "$name" --type=kubernetes.io/basic-auth \
        --from-literal=username="$login" --from-literal=password="$(openssl rand -hex 24)" >/dev/null
      echo "created $name"
    fi
  done
fi
