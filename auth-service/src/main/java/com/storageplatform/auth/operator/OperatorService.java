package com.storageplatform.auth.operator;

import com.storageplatform.auth.identity.IdentityProvider;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Mono;

/**
 * Creating operators (each with a live and a test account, and the Keycloak realm their people sign in to) and
 * changing their settings.
 */
@Service
class OperatorService {

    static final String DEFAULT_CURRENCY = "GBP";
    static final String DEFAULT_TIMEZONE = "Europe/London";
    static final int MAX_NAME_LENGTH = 200;

    /** Internal event types: other services keep projections of the operator's settings from them. */
    static final String CREATED = "operator.created";
    static final String SETTINGS_UPDATED = "operator.settings_updated";

    private final OperatorRepository operators;
    private final EventPublisher events;
    private final IdentityProvider identities;
    private final Clock clock;

    OperatorService(OperatorRepository operators, EventPublisher events, IdentityProvider identities,
            Clock clock) {
        this.operators = operators;
        this.events = events;
        this.identities = identities;
        this.clock = clock;
    }

    Mono<Operator> create(Caller caller, CreateOperator body) {
        Validation.start()
                .require("name", body.name())
                .maxLength("name", body.name(), MAX_NAME_LENGTH)
                .currency("default_currency", body.defaultCurrency())
                .check(body.timezone() != null && !isIanaZone(body.timezone()), "timezone", FieldIssue.INVALID)
                .orThrow();
        Instant now = clock.instant();
        Operator operator = new Operator(Ids.newId(), Operator.OBJECT, body.name(),
                body.defaultCurrency() == null ? DEFAULT_CURRENCY : body.defaultCurrency(),
                body.timezone() == null ? DEFAULT_TIMEZONE : body.timezone(),
                List.of(new Operator.Account(Ids.newId(), Environment.LIVE),
                        new Operator.Account(Ids.newId(), Environment.TEST)),
                OperatorSettings.DEFAULTS, new Operator.WalkInContactIds(Ids.newId(), Ids.newId()), now, now);
        // The realm its people will sign in to comes first: without Keycloak nothing is created (503, retry).
        return identities.ensureRealm()
                .then(operators.insert(operator))
                .then(publish(caller, CREATED, operator))
                .thenReturn(operator);
    }

    Mono<Operator> find(UUID id) {
        return operators.find(id).switchIfEmpty(Mono.error(() -> ApiException.notFound("operator")));
    }

    Mono<Envelopes.ListOf<Operator>> list(MultiValueMap<String, String> query) {
        return operators.list(PageRequest.from(query, Map.of()));
    }

    /** Changes the supplied settings; a patch that changes nothing writes nothing and publishes no event. */
    Mono<Operator> updateSettings(Caller caller, UUID id, SettingsPatch patch) {
        return operators.lock(id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("operator")))
                .flatMap(current -> {
                    OperatorSettings changed = patch.applyTo(current.settings());
                    if (changed.equals(current.settings())) {
                        return Mono.just(current);
                    }
                    Operator updated = current.withSettings(changed, clock.instant());
                    return operators.updateSettings(id, changed, updated.updatedAt())
                            .then(publish(caller, SETTINGS_UPDATED, updated))
                            .thenReturn(updated);
                });
    }

    /** Events about an operator carry it as their tenant ({@code operatorid}), though the platform admin acted. */
    private Mono<UUID> publish(Caller admin, String type, Operator operator) {
        Caller onBehalfOf = new Caller(null, operator.id(), null, admin.scopes(), null, admin.actorType(),
                admin.credentialId(), admin.requestId());
        return events.publish(onBehalfOf, type, operator.id(), operator);
    }

    static boolean isIanaZone(String zone) {
        return ZoneId.getAvailableZoneIds().contains(zone);
    }
}
