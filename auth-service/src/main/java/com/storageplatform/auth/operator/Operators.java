package com.storageplatform.auth.operator;

import com.storageplatform.kit.caller.Environment;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the other features of the auth service (credentials, OAuth clients and grants, operator users, the developer
 * settings) may know of operators and their accounts. They read it here, never from the {@code operators} and
 * {@code accounts} tables (ModuleBoundariesTest).
 */
@Component
public class Operators {

    private final OperatorRepository operators;

    Operators(OperatorRepository operators) {
        this.operators = operators;
    }

    /** The operator's account in an environment; empty when there is no such operator. */
    public Mono<OperatorAccount> account(UUID operatorId, Environment environment) {
        return operators.account(operatorId, environment);
    }

    public Mono<Boolean> exists(UUID operatorId) {
        return operators.exists(operatorId);
    }

    /** The operator's name (shown to another operator whose owner is asked to install one of its apps). */
    public Mono<String> nameOf(UUID operatorId) {
        return operators.nameOf(operatorId);
    }
}
