package com.storageplatform.auth.operator;

import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The {@code operator} resource of the admin API, and the data of the {@code operator.*} events.
 *
 * @param accounts          the live account, then the test account
 * @param walkInContactIds  the ids of the walk-in sales record of each environment, never null: generated with the
 *                          operator, so commerce-service creates the records under exactly these ids when it
 *                          consumes {@code operator.created}
 */
public record Operator(UUID id, String object, String name, String defaultCurrency, String timezone,
        List<Account> accounts, OperatorSettings settings, WalkInContactIds walkInContactIds, Instant createdAt,
        Instant updatedAt) {

    static final String OBJECT = "operator";

    public Operator {
        accounts = List.copyOf(accounts);
    }

    public record Account(UUID id, String object, Environment environment) {
        static final String OBJECT = "account";

        Account(UUID id, Environment environment) {
            this(id, OBJECT, environment);
        }
    }

    public record WalkInContactIds(UUID live, UUID test) {
    }

    Operator withSettings(OperatorSettings changed, Instant at) {
        return new Operator(id, object, name, defaultCurrency, timezone, accounts, changed, walkInContactIds,
                createdAt, at);
    }
}
