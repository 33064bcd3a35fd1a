package com.storageplatform.deploy.support;

import java.nio.file.Path;
import java.util.Optional;

/** The value sets the chart is checked with: its defaults and the files in helm/storage-platform/ci. */
public enum ValueSet {

    DEFAULTS(null),
    EXISTING_CLUSTERS("existing-clusters-values.yaml"),
    OPERATORS("operators-values.yaml"),
    MINIMAL("minimal-values.yaml"),
    /** Every secret as a value, the Redis password, Keycloak client secret and Kafka SASL password among them. */
    INLINE_SECRETS("inline-secrets-values.yaml");

    private final String fileName;

    ValueSet(String fileName) {
        this.fileName = fileName;
    }

    /** The values file laid over the chart's values.yaml; empty for the defaults. */
    public Optional<Path> file() {
        return Optional.ofNullable(fileName).map(name -> RepositoryPaths.chart().resolve("ci").resolve(name));
    }
}
