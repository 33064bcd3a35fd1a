package com.storageplatform.compliance.access.credential;

import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Whether an overlock of an agreement is in force (requested, its apply not failed, its release not requested): a
 * credential issued for the agreement meanwhile is suspended with it, and staff cannot reinstate one it suspended.
 * Implemented by the overlocks' own feature.
 */
public interface AgreementOverlocks {

    Mono<Boolean> inForce(UUID accountId, UUID agreementId);
}
