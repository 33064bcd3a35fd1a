#!/usr/bin/env bash
# Builds the image of every service from docker/Dockerfile, tagged like the chart expects:
#   <registry>/<repository>/<service>:<tag>
#
#   docker/build-images.sh [--push] [--build-jars]
#
# REGISTRY (default ghcr.io), REPOSITORY (default storageplatform) and TAG (default: the chart's appVersion)
# come from the environment and match the chart's image.registry, image.repository and image.tag.
# CONTAINER_ENGINE picks docker (default) or podman.
set -euo pipefail

cd "$(dirname "$0")/.."

# The services the chart deploys, in its order; deploy-tests checks that both lists agree.
SERVICES=(
  gateway
  auth-service
  catalogue-service
  commerce-service
  billing-service
  crm-service
  compliance-service
  webhook-dispatcher
)

REGISTRY="${REGISTRY:-ghcr.io}"
REPOSITORY="${REPOSITORY:-storageplatform}"
TAG="${TAG:-$(sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' helm/storage-platform/Chart.yaml)}"
ENGINE="${CONTAINER_ENGINE:-docker}"

push=false
build_jars=false
for arg in "$@"; do
  case "$arg" in
    --push) push=true ;;
    --build-jars) build_jars=true ;;
    *) echo "unknown argument: $arg (expected --push or --build-jars)" >&2; exit 2 ;;
  esac
done

if [[ -z "$TAG" || "$TAG" == "latest" ]]; then
  echo "TAG must be a release version, not '${TAG:-empty}': the chart refuses latest" >&2
  exit 2
fi

if $build_jars; then
  ./mvnw -B -q -DskipTests package -pl "$(IFS=,; echo "${SERVICES[*]}")" -am
fi

for service in "${SERVICES[@]}"; do
  jar="$service/target/$service.jar"
  if [[ ! -f "$jar" ]]; then
    echo "$jar is missing: run ./mvnw -DskipTests package first (or pass --build-jars)" >&2
    exit 1
  fi
  image="$REGISTRY/$REPOSITORY/$service:$TAG"
  echo "building $image"
  "$ENGINE" build -f docker/Dockerfile --build-arg "SERVICE=$service" -t "$image" .
  if $push; then
    "$ENGINE" push "$image"
  fi
done
