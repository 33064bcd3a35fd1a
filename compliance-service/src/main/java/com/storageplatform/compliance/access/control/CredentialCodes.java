package com.storageplatform.compliance.access.control;

import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Where the command sender reads a credential's code when it sends the credential's issue: the code is kept sealed
 * with the credential alone, never copied onto a command. Implemented by the credentials' own feature.
 */
public interface CredentialCodes {

    /** The credential's code; empty once it was revoked (a revoked credential's code is erased). */
    Mono<String> code(UUID accountId, UUID credentialId);
}
