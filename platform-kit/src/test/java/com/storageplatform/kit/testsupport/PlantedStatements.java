package com.storageplatform.kit.testsupport;

import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A statement sent as the application sends one: put together by a class that is not a test class, on a thread
 * of its own (as a handler's is), so the capture records it as the service's ({@link StatementCaptureTest}).
 */
final class PlantedStatements {

    static final String BY_COLOUR = "SELECT count(*) AS n FROM planted WHERE account_id = $1 AND colour = $2";

    private PlantedStatements() {
    }

    static Mono<Long> countByColour(DatabaseClient db, UUID accountId, String colour) {
        return Mono.defer(() -> db.sql(
                        "SELECT count(*) AS n FROM planted WHERE account_id = :account AND colour = :colour")
                        .bind("account", accountId).bind("colour", colour)
                        .map(row -> row.get("n", Long.class)).one())
                .subscribeOn(Schedulers.boundedElastic());
    }
}
