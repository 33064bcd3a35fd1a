package com.storageplatform.compliance.access.event;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code access_event} resource: an entry, exit or refused attempt a site's gate system reported. Read-only:
 * written only from the gate system's reports. The body of {@code GET /v1/access-events/{id}}.
 *
 * @param siteId       the site it happened at (the device's, else the credential's)
 * @param kind         {@code entry}, {@code exit}, or {@code denied} (a code or fob refused at the gate)
 * @param deviceId     the hardware device it happened at; null when the system named none the account has
 * @param credentialId the credential used; null when the system named none the account has (an unknown code)
 * @param contactId    the credential's customer; null without a credential
 * @param agreementId  the credential's agreement; null without a credential
 * @param occurredAt   when it happened, as the gate system reported it
 * @param createdAt    when the platform recorded it
 */
public record AccessEvent(UUID id, String object, UUID siteId, @OneOf("KINDS") String kind, @Nullable UUID deviceId,
        @Nullable UUID credentialId, @Nullable UUID contactId, @Nullable UUID agreementId, Instant occurredAt,
        Instant createdAt) {

    public static final String OBJECT = "access_event";

    public static final List<String> KINDS = List.of("entry", "exit", "denied");
}
