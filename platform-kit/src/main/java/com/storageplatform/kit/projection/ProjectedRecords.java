package com.storageplatform.kit.projection;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a table a {@link RecordsProjection} keeps: the account's record of an object by id, or by one of its text
 * fields, in its owner's REST shape. Empty when the account has no such record, or it was deleted.
 */
public class ProjectedRecords {

    private final DatabaseClient db;
    private final JsonMapper json;
    private final String table;

    /** @param table the service's table (a name from code, never from input) */
    public ProjectedRecords(DatabaseClient db, JsonMapper json, String table) {
        this.db = db;
        this.json = json;
        this.table = table;
    }

    public Mono<JsonNode> find(UUID accountId, String object, UUID id) {
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM %s
                 WHERE account_id = :account_id AND id = :id AND object = :object AND NOT deleted
                """.formatted(table))
                .bind("id", id)
                .bind("object", object)
                .map(row -> json.readTree(row.get("data", String.class)))
                .one();
    }

    /**
     * The first record of {@code object} whose text {@code field} is {@code value}. The field is written into the
     * statement (so an index on {@code data ->> 'field'} serves it): a snake_case name from code.
     */
    public Mono<JsonNode> findBy(UUID accountId, String object, String field, String value) {
        if (!field.matches("[a-z_]+")) {
            throw new IllegalArgumentException("not a field name: " + field);
        }
        return AccountStatement.sql(db, accountId, """
                SELECT data::text AS data FROM %s
                 WHERE account_id = :account_id AND object = :object AND NOT deleted AND data ->> '%s' = :value
                 ORDER BY id LIMIT 1
                """.formatted(table, field))
                .bind("object", object)
                .bind("value", value)
                .map(row -> json.readTree(row.get("data", String.class)))
                .one();
    }
}
