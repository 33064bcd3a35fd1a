package com.storageplatform.kit.sample;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerAuthentication;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.web.Envelopes;
import java.util.Set;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** An internal route as crm's integration read is one: it answers who called, as the kit authenticated it. */
@RestController
class InternalCallerResource {

    record SeenCaller(UUID accountId, UUID operatorId, String environment, Set<String> scopes, Set<UUID> siteIds,
            String credentialId, String requestId, String callingService, boolean narrowable) {
    }

    @GetMapping("/internal/v1/samples/caller")
    Mono<Envelopes.Data<SeenCaller>> caller() {
        return Callers.authentication().map(InternalCallerResource::seen).map(Envelopes::data);
    }

    private static SeenCaller seen(CallerAuthentication authentication) {
        Caller caller = authentication.caller();
        return new SeenCaller(caller.accountId(), caller.operatorId(), caller.environment().value(), caller.scopes(),
                caller.siteIds(), caller.credentialId(), caller.requestId(), authentication.callingService(),
                authentication.rootToken() != null);
    }
}
