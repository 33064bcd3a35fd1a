package com.storageplatform.auth.user;

import com.storageplatform.auth.identity.IdentityProvider;
import com.storageplatform.auth.operator.Operators;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Emails;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Mono;

/**
 * Adding an operator's owners and staff: a Keycloak user each (through {@link IdentityProvider}), mapped here to
 * the operator and a role. Who a signed-in person is comes from this mapping, never from the token's own claims.
 */
@Service
class OperatorUserService {

    static final int MAX_EMAIL_LENGTH = 254;
    /** One @, something on each side, a dot in the domain, no spaces: enough to catch mistakes. */

    private final OperatorUserRepository users;
    private final Operators operators;
    private final IdentityProvider identities;
    private final Clock clock;

    OperatorUserService(OperatorUserRepository users, Operators operators, IdentityProvider identities,
            Clock clock) {
        this.users = users;
        this.operators = operators;
        this.identities = identities;
        this.clock = clock;
    }

    Mono<OperatorUser> add(UUID operatorId, AddOperatorUser body) {
        Validation validation = Validation.start()
                .require("email", body.email())
                .maxLength("email", body.email(), MAX_EMAIL_LENGTH)
                .require("role", body.role())
                .oneOf("role", body.role(), List.of(OperatorUser.OWNER, OperatorUser.STAFF));
        validation.check(body.email() != null && !validation.has("email") && !Emails.isPlausible(body.email()),
                "email", FieldIssue.INVALID);
        validation.orThrow();
        String email = body.email().toLowerCase(Locale.ROOT);
        return operators.exists(operatorId)
                .flatMap(exists -> exists ? users.emailTaken(email) : Mono.error(ApiException.notFound("operator")))
                .flatMap(taken -> taken ? Mono.error(ApiException.conflict("A user with this email already exists."))
                        : identities.ensureRealm()
                                .then(identities.createUser(email)))
                .flatMap(keycloakId -> {
                    OperatorUser user = new OperatorUser(Ids.newId(), OperatorUser.OBJECT, operatorId, email,
                            body.role(), clock.instant());
                    return users.insert(user, keycloakId).thenReturn(user);
                });
    }

    Mono<Envelopes.ListOf<OperatorUser>> list(UUID operatorId, MultiValueMap<String, String> query) {
        PageRequest page = PageRequest.from(query, Map.of());
        return operators.exists(operatorId).flatMap(exists -> exists ? users.listForOperator(operatorId, page)
                : Mono.error(ApiException.notFound("operator")));
    }
}
