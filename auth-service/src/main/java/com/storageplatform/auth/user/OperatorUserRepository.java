package com.storageplatform.auth.user;

import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The {@code operator_users} table; other features go through {@link OperatorUsers}. Its rows are the operator's,
 * not one account's (a person signs in to both), so its statements bind the operator or the person's own keys.
 */
@Repository
class OperatorUserRepository {

    private static final String COLUMNS = "id, operator_id, email, role, keycloak_user_id, created_at";

    private final DatabaseClient db;

    OperatorUserRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(OperatorUser user, String keycloakUserId) {
        return db.sql("""
                INSERT INTO operator_users (id, operator_id, email, role, keycloak_user_id, created_at)
                VALUES (:id, :operator_id, :email, :role, :keycloak_user_id, :created_at)
                """)
                .bind("id", user.id())
                .bind("operator_id", user.operatorId())
                .bind("email", user.email())
                .bind("role", user.role())
                .bind("keycloak_user_id", keycloakUserId)
                .bind("created_at", user.createdAt())
                .then();
    }

    Mono<Boolean> emailTaken(String email) {
        return db.sql("SELECT 1 AS taken FROM operator_users WHERE email = :email")
                .bind("email", email)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    /** The user an identity token's subject names, if the platform made them. */
    Mono<OperatorUser> findByKeycloakId(String keycloakUserId) {
        return db.sql("SELECT " + COLUMNS + " FROM operator_users WHERE keycloak_user_id = :subject")
                .bind("subject", keycloakUserId)
                .map(OperatorUserRepository::toUser)
                .one();
    }

    Mono<OperatorUser> find(UUID id) {
        return db.sql("SELECT " + COLUMNS + " FROM operator_users WHERE id = :id")
                .bind("id", id)
                .map(OperatorUserRepository::toUser)
                .one();
    }

    Mono<Envelopes.ListOf<OperatorUser>> listForOperator(UUID operatorId, PageRequest page) {
        return ListQuery.scopedBy("SELECT " + COLUMNS + " FROM operator_users", "operator_id", operatorId)
                .page(db, page, OperatorUserRepository::toUser);
    }

    private static OperatorUser toUser(Readable row) {
        return new OperatorUser(row.get("id", UUID.class), OperatorUser.OBJECT, row.get("operator_id", UUID.class),
                row.get("email", String.class), row.get("role", String.class), row.get("created_at", Instant.class));
    }
}
