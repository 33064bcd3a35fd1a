package com.storageplatform.auth.internal;

import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.web.Envelopes;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * The result of a request that revoked credentials or changed when they expire, and the ids the gateway must drop
 * from its introspection cache. The response carries them in {@link Introspection#REVOKED_HEADER}
 * (comma-separated); the gateway strips the header before the client sees the response.
 */
public record RevocationReport<T>(T data, List<UUID> credentialIds) {

    public RevocationReport {
        credentialIds = List.copyOf(credentialIds);
    }

    public ResponseEntity<Envelopes.Data<T>> toResponse(HttpStatus status) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
        if (!credentialIds.isEmpty()) {
            response.header(Introspection.REVOKED_HEADER,
                    credentialIds.stream().map(UUID::toString).collect(Collectors.joining(",")));
        }
        return response.body(Envelopes.data(data));
    }
}
