package com.storageplatform.crm.integration;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code integration_connection} resource: one system the operator connected (an accounting package, an
 * access-control system, an email or SMS sender, an ID-check service). The body of
 * {@code GET /v1/integration-connections/{id}} and the {@code data} of the internal {@code integration_connection.*}
 * events. It never holds a credential: only their names.
 *
 * @param kind           {@code accounting}, {@code access_control}, {@code messaging} or {@code id_check}; fixed
 *                       once created
 * @param provider       the system connected, one of the kind's providers; fixed once created
 * @param channel        for {@code messaging}, what the provider sends: {@code email} ({@code smtp}) or {@code sms}
 *                       ({@code twilio}); null for the other kinds
 * @param name           the operator's name for it
 * @param settings       the provider's configuration, which is not secret (host, tenant, sender number, ...)
 * @param credentialsSet whether any credentials are stored
 * @param credentialKeys the names of the stored credentials, in alphabetical order; their values are never shown
 * @param siteIds        the sites it serves; empty: every site of the account
 * @param status         {@code active}, {@code disabled} (not used), or {@code error} (in use, but the last use
 *                       failed: see {@code last_error})
 * @param lastError      the last failure a port reported using it; null when none was
 * @param lastUsedAt     when a port last reported using it; null until one did
 */
public record IntegrationConnection(UUID id, String object,
        @OneOf(value = "KINDS", in = IntegrationProviders.class) String kind,
        @OneOf(value = "NAMES", in = IntegrationProviders.class) String provider,
        @OneOf(value = "CHANNELS", in = IntegrationProviders.class) @Nullable String channel, String name,
        Map<String, Object> settings, boolean credentialsSet, List<String> credentialKeys, List<UUID> siteIds,
        @OneOf("STATUSES") String status, @Nullable LastError lastError, @Nullable Instant lastUsedAt,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "integration_connection";

    public static final String ACTIVE = "active";
    public static final String DISABLED = "disabled";
    public static final String ERROR = "error";
    public static final List<String> STATUSES = List.of(ACTIVE, DISABLED, ERROR);
    /** What a client may set; {@code error} is the service's. */
    public static final List<String> SETTABLE_STATUSES = List.of(ACTIVE, DISABLED);

    /**
     * @param message what the port said went wrong
     * @param at      when it reported it
     */
    public record LastError(String message, Instant at) {
    }

    /** In service: the connection its kind's port uses ({@code active}, or {@code error} until it works again). */
    boolean inService() {
        return !DISABLED.equals(status);
    }

    IntegrationConnection with(String name, Map<String, Object> settings, List<String> credentialKeys,
            List<UUID> siteIds, String status) {
        return new IntegrationConnection(id, object, kind, provider, channel, name, settings,
                !credentialKeys.isEmpty(), credentialKeys, siteIds, status, lastError, lastUsedAt, createdAt,
                updatedAt);
    }

    IntegrationConnection reported(String status, LastError lastError, Instant lastUsedAt) {
        return new IntegrationConnection(id, object, kind, provider, channel, name, settings, credentialsSet,
                credentialKeys, siteIds, status, lastError, lastUsedAt, createdAt, updatedAt);
    }

    IntegrationConnection updatedAt(Instant at) {
        return new IntegrationConnection(id, object, kind, provider, channel, name, settings, credentialsSet,
                credentialKeys, siteIds, status, lastError, lastUsedAt, createdAt, at);
    }
}
